-- The cash report's rollups are written at commit, in one ordered pass (docs/decisions/0030).
-- Written statement by statement (0024), they locked their rows from the first statement of a
-- money action to its commit, in the order each statement met them: a join (1,200 installment days
-- and a turn day's payout) and a receipt (one installment day, a month, the member's totals) took
-- the same rows in different orders and deadlocked, and every action of every association waited
-- on the rows of "every association together" (association 0) for the whole of the others'
-- transactions (the scale demo: 28 answers of 500 and 503 under load).
-- Now the triggers only queue their deltas in the session's own temporary tables, and a deferred
-- constraint trigger, armed once per transaction, applies them all just before commit: each
-- rollup table in a fixed order (association totals, subscription totals and their recounts, day
-- totals, month totals), each in key order. Two commits can then only wait for each other, never
-- deadlock, and a row is held for the few milliseconds of a commit, not a whole action.
-- Reads inside the writing transaction do not see its own deltas before commit: only the cash
-- report reads these tables, and never inside a write.

ALTER FUNCTION ledger_add_money(ledger_money_move[]) RENAME TO ledger_apply_money;
--> statement-breakpoint
ALTER FUNCTION ledger_add_days(ledger_day_move[]) RENAME TO ledger_apply_days;
--> statement-breakpoint
ALTER FUNCTION ledger_recount_pending(integer[]) RENAME TO ledger_apply_recount;
--> statement-breakpoint
-- The session's queue (created on first use; emptied by every flush, and by every commit or
-- rollback) and the transaction's flush, armed by the first queued delta of each transaction.
CREATE OR REPLACE FUNCTION ledger_queue_ready() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('ledger.flush_armed', true) = 'on' THEN
    RETURN;
  END IF;
  IF to_regclass('pg_temp.ledger_queued_money') IS NULL THEN
    CREATE TEMP TABLE ledger_queued_money (m ledger_money_move NOT NULL) ON COMMIT DELETE ROWS;
    CREATE TEMP TABLE ledger_queued_days (m ledger_day_move NOT NULL) ON COMMIT DELETE ROWS;
    CREATE TEMP TABLE ledger_queued_recounts (subscription_id integer NOT NULL) ON COMMIT DELETE ROWS;
    CREATE TEMP TABLE ledger_flush_marks (armed boolean NOT NULL) ON COMMIT DELETE ROWS;
    CREATE CONSTRAINT TRIGGER ledger_flush AFTER INSERT ON ledger_flush_marks
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_flush();
  END IF;
  INSERT INTO ledger_flush_marks VALUES (true);
  -- Local to the transaction, and undone with a rolled-back savepoint like the mark itself.
  PERFORM set_config('ledger.flush_armed', 'on', true);
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_add_money(moves ledger_money_move[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF moves IS NULL OR cardinality(moves) = 0 THEN
    RETURN;
  END IF;
  PERFORM ledger_queue_ready();
  INSERT INTO ledger_queued_money SELECT m FROM unnest(moves) AS m;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_add_days(moves ledger_day_move[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF moves IS NULL OR cardinality(moves) = 0 THEN
    RETURN;
  END IF;
  PERFORM ledger_queue_ready();
  INSERT INTO ledger_queued_days SELECT m FROM unnest(moves) AS m;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_recount_pending(touched integer[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF touched IS NULL OR cardinality(touched) = 0 THEN
    RETURN;
  END IF;
  PERFORM ledger_queue_ready();
  INSERT INTO ledger_queued_recounts SELECT s FROM unnest(touched) AS s;
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
  -- (ledger_apply_money, each in key order), the subscriptions' recounts, then day and month
  -- totals (ledger_apply_days, each in key order).
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
  RETURN NULL;
END;
$$;
