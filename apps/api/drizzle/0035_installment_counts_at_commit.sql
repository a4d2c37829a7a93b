-- The day rollup of installments by state (installment_day_counts, one row per due date across all
-- associations) is written at commit, in the same ordered pass as the ledger's rollups (0029).
-- Written by each statement, a join held its 1,200 due dates' rows from its insert to its commit,
-- and those dates are shared by every association running at the time: every join and every
-- receipt due on one of them waited for the whole of that join (the scale demo: receive payments
-- p50 0.8 s, p99 3.5 s; a slower machine's receipt ran past the statement timeout into a 503).
-- Now the trigger queues its deltas in the session's temporary table and ledger_flush applies them
-- just before commit, after the ledger's rollups, in due-date order: a row is held for the few
-- milliseconds of a commit. Reads inside the writing transaction do not see its own counts before
-- commit: the dashboard and the payments list's totals read them, never inside a write.

-- The queue, made beside the ledger's (a session opened before this migration has those already).
CREATE OR REPLACE FUNCTION installment_counts_queue_ready() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF to_regclass('pg_temp.installment_counts_queued') IS NULL THEN
    CREATE TEMP TABLE installment_counts_queued (
      due_date date NOT NULL, pending bigint NOT NULL, received bigint NOT NULL, cancelled bigint NOT NULL
    ) ON COMMIT DELETE ROWS;
  END IF;
  PERFORM ledger_queue_ready();
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION count_installments() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM installment_counts_queue_ready();
  IF TG_OP = 'INSERT' THEN
    INSERT INTO installment_counts_queued
      SELECT due_date, count(*) FILTER (WHERE status = 'pending'), count(*) FILTER (WHERE status = 'received'),
             count(*) FILTER (WHERE status = 'cancelled')
        FROM new_rows GROUP BY due_date;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO installment_counts_queued
      SELECT due_date, -count(*) FILTER (WHERE status = 'pending'), -count(*) FILTER (WHERE status = 'received'),
             -count(*) FILTER (WHERE status = 'cancelled')
        FROM old_rows GROUP BY due_date;
  ELSE
    INSERT INTO installment_counts_queued
      SELECT due_date, sum(p), sum(r), sum(c) FROM (
        SELECT due_date, -(status = 'pending')::int AS p, -(status = 'received')::int AS r,
               -(status = 'cancelled')::int AS c FROM old_rows
        UNION ALL
        SELECT due_date, (status = 'pending')::int, (status = 'received')::int, (status = 'cancelled')::int
          FROM new_rows
      ) AS moves
      GROUP BY due_date HAVING sum(p) <> 0 OR sum(r) <> 0 OR sum(c) <> 0;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_flush() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  money ledger_money_move[];
  days ledger_day_move[];
  recounts integer[];
  one integer;
BEGIN
  money := ARRAY(SELECT m FROM ledger_queued_money);
  days := ARRAY(SELECT m FROM ledger_queued_days);
  recounts := ARRAY(SELECT DISTINCT subscription_id FROM ledger_queued_recounts ORDER BY 1);
  DELETE FROM ledger_queued_money;
  DELETE FROM ledger_queued_days;
  DELETE FROM ledger_queued_recounts;
  DELETE FROM ledger_flush_marks;
  PERFORM set_config('ledger.flush_armed', 'off', true);
  -- One order for every commit, so two commits can wait for each other but never deadlock:
  -- the touched subscriptions' advisory locks (in id order; a subscription's totals are then
  -- written by one commit at a time), association totals and subscription totals
  -- (ledger_apply_money, each in key order), the subscriptions' recounts, day and month
  -- totals (ledger_apply_days, each in key order), then the installments' day counts (due-date order).
  FOREACH one IN ARRAY ARRAY(
      SELECT DISTINCT x.s FROM (
        SELECT m.subscription_id AS s FROM unnest(money) AS m
        UNION ALL SELECT r FROM unnest(recounts) AS r) AS x
      WHERE x.s IS NOT NULL ORDER BY x.s) LOOP
    PERFORM pg_advisory_xact_lock(hashtext('ledger_subscription_totals'), one);
  END LOOP;
  IF cardinality(money) > 0 THEN
    PERFORM ledger_apply_money(money);
  END IF;
  PERFORM ledger_apply_recount(recounts);
  IF cardinality(days) > 0 THEN
    PERFORM ledger_apply_days(days);
  END IF;
  IF to_regclass('pg_temp.installment_counts_queued') IS NOT NULL THEN
    INSERT INTO installment_day_counts (due_date, pending, received, cancelled)
      SELECT due_date, sum(pending), sum(received), sum(cancelled) FROM installment_counts_queued
       GROUP BY due_date HAVING sum(pending) <> 0 OR sum(received) <> 0 OR sum(cancelled) <> 0
       ORDER BY due_date
    ON CONFLICT (due_date) DO UPDATE
      SET pending = installment_day_counts.pending + EXCLUDED.pending,
          received = installment_day_counts.received + EXCLUDED.received,
          cancelled = installment_day_counts.cancelled + EXCLUDED.cancelled;
    DELETE FROM installment_counts_queued;
  END IF;
  RETURN NULL;
END;
$$;
