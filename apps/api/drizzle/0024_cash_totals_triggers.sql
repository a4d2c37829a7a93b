-- The cash report's rollups (issue 20 §4, docs/decisions/0030-cash-report.md; tables in 0023), kept
-- by statement triggers in the same transaction as every change that moves them:
--   receipts, payouts, reversals (append-only, 0022: only inserts) → the money per association and
--     per (subscription, member);
--   installments (insert, update, delete) → pending installments per (association, due day) and per
--     month, and each touched subscription's pending count, sum and oldest due day, recounted;
--   subscriptions (insert, update, delete) → payouts due per (association, turn day) and per month:
--     active, unpaid subscriptions at their amount (a payout, a reversal of it, a withdrawal, a turn
--     move, a subscribe or a delete moves them);
--   association_days (update) → the same when a held day's date changes.
-- Keys are written in order (ORDER BY), so two transactions cannot deadlock on them; counts move by
-- deltas (safe under concurrency: an update re-reads the row it waited for), except the oldest
-- pending day, which is recounted under a per-subscription advisory lock (below).
-- refresh_ledger_counters() recounts everything from the rows (after a bulk load that bypassed the
-- triggers, as seed:large does; it is also this migration's backfill).

CREATE TYPE ledger_money_move AS (
  association_id integer,
  subscription_id integer,
  user_id integer,
  collected bigint,
  paid_out bigint,
  deducted bigint,
  refunds bigint,
  payouts bigint,
  refunds_n bigint
);
--> statement-breakpoint
CREATE TYPE ledger_day_move AS (
  association_id integer,
  day date,
  pending_count bigint,
  pending_piastres bigint,
  payouts_count bigint,
  payouts_piastres bigint
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_add_money(moves ledger_money_move[]) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO ledger_association_totals AS t (association_id, collected_piastres, paid_out_piastres, deducted_piastres,
      refunds_piastres, payouts_count, refunds_count)
    SELECT m.association_id, sum(m.collected), sum(m.paid_out), sum(m.deducted), sum(m.refunds), sum(m.payouts),
           sum(m.refunds_n)
      FROM unnest(moves) AS m
     GROUP BY m.association_id
     ORDER BY m.association_id
  ON CONFLICT (association_id) DO UPDATE
    SET collected_piastres = t.collected_piastres + EXCLUDED.collected_piastres,
        paid_out_piastres = t.paid_out_piastres + EXCLUDED.paid_out_piastres,
        deducted_piastres = t.deducted_piastres + EXCLUDED.deducted_piastres,
        refunds_piastres = t.refunds_piastres + EXCLUDED.refunds_piastres,
        payouts_count = t.payouts_count + EXCLUDED.payouts_count,
        refunds_count = t.refunds_count + EXCLUDED.refunds_count;
  INSERT INTO ledger_subscription_totals AS t (subscription_id, user_id, association_id, paid_piastres,
      paid_out_piastres, deducted_piastres, refunds_piastres, payouts_count, refunds_count)
    SELECT m.subscription_id, m.user_id, min(m.association_id), sum(m.collected), sum(m.paid_out), sum(m.deducted),
           sum(m.refunds), sum(m.payouts), sum(m.refunds_n)
      FROM unnest(moves) AS m
     GROUP BY m.subscription_id, m.user_id
     ORDER BY m.subscription_id, m.user_id
  ON CONFLICT (subscription_id, user_id) DO UPDATE
    SET paid_piastres = t.paid_piastres + EXCLUDED.paid_piastres,
        paid_out_piastres = t.paid_out_piastres + EXCLUDED.paid_out_piastres,
        deducted_piastres = t.deducted_piastres + EXCLUDED.deducted_piastres,
        refunds_piastres = t.refunds_piastres + EXCLUDED.refunds_piastres,
        payouts_count = t.payouts_count + EXCLUDED.payouts_count,
        refunds_count = t.refunds_count + EXCLUDED.refunds_count;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_add_days(moves ledger_day_move[]) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO ledger_day_totals AS t (association_id, day, pending_count, pending_piastres, payouts_count,
      payouts_piastres)
    SELECT m.association_id, m.day, sum(m.pending_count), sum(m.pending_piastres), sum(m.payouts_count),
           sum(m.payouts_piastres)
      FROM unnest(moves) AS m
     GROUP BY m.association_id, m.day
    HAVING sum(m.pending_count) <> 0 OR sum(m.pending_piastres) <> 0 OR sum(m.payouts_count) <> 0
        OR sum(m.payouts_piastres) <> 0
     ORDER BY m.association_id, m.day
  ON CONFLICT (association_id, day) DO UPDATE
    SET pending_count = t.pending_count + EXCLUDED.pending_count,
        pending_piastres = t.pending_piastres + EXCLUDED.pending_piastres,
        payouts_count = t.payouts_count + EXCLUDED.payouts_count,
        payouts_piastres = t.payouts_piastres + EXCLUDED.payouts_piastres;
  INSERT INTO ledger_month_totals AS t (association_id, month, pending_count, pending_piastres, payouts_count,
      payouts_piastres)
    SELECT m.association_id, date_trunc('month', m.day::timestamp)::date, sum(m.pending_count), sum(m.pending_piastres),
           sum(m.payouts_count), sum(m.payouts_piastres)
      FROM unnest(moves) AS m
     GROUP BY 1, 2
    HAVING sum(m.pending_count) <> 0 OR sum(m.pending_piastres) <> 0 OR sum(m.payouts_count) <> 0
        OR sum(m.payouts_piastres) <> 0
     ORDER BY 1, 2
  ON CONFLICT (association_id, month) DO UPDATE
    SET pending_count = t.pending_count + EXCLUDED.pending_count,
        pending_piastres = t.pending_piastres + EXCLUDED.pending_piastres,
        payouts_count = t.payouts_count + EXCLUDED.payouts_count,
        payouts_piastres = t.payouts_piastres + EXCLUDED.payouts_piastres;
$$;
--> statement-breakpoint
-- The pending installments of the touched subscriptions, recounted per (subscription, member): the
-- oldest pending day cannot move by a delta (receiving the oldest installment makes another one the
-- oldest). The advisory lock per subscription makes recounts of one subscription take turns; each
-- statement of this function reads with a fresh snapshot (READ COMMITTED), so the recount that
-- waited sees every change committed before it, and its own.
CREATE OR REPLACE FUNCTION ledger_recount_pending(touched integer[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  one integer;
BEGIN
  IF touched IS NULL OR cardinality(touched) = 0 THEN
    RETURN;
  END IF;
  FOREACH one IN ARRAY (SELECT array_agg(DISTINCT s ORDER BY s) FROM unnest(touched) AS s) LOOP
    PERFORM pg_advisory_xact_lock(hashtext('ledger_subscription_totals'), one);
  END LOOP;
  WITH counted AS (
    SELECT i.subscription_id, i.user_id, min(i.association_id) AS association_id, count(*) AS n,
           sum(i.amount_piastres) AS piastres, min(i.due_date) AS oldest
      FROM installments i
     WHERE i.subscription_id = ANY(touched) AND i.status = 'pending'
     GROUP BY i.subscription_id, i.user_id
  ), cleared AS (
    UPDATE ledger_subscription_totals t SET pending_count = 0, pending_piastres = 0, oldest_pending = NULL
     WHERE t.subscription_id = ANY(touched)
       AND (t.pending_count <> 0 OR t.pending_piastres <> 0 OR t.oldest_pending IS NOT NULL)
       AND NOT EXISTS (SELECT 1 FROM counted c WHERE c.subscription_id = t.subscription_id AND c.user_id = t.user_id)
  )
  INSERT INTO ledger_subscription_totals AS t (subscription_id, user_id, association_id, pending_count,
      pending_piastres, oldest_pending)
    SELECT c.subscription_id, c.user_id, c.association_id, c.n, c.piastres, c.oldest
      FROM counted c
     ORDER BY c.subscription_id, c.user_id
  ON CONFLICT (subscription_id, user_id) DO UPDATE
    SET pending_count = EXCLUDED.pending_count,
        pending_piastres = EXCLUDED.pending_piastres,
        oldest_pending = EXCLUDED.oldest_pending
    WHERE (t.pending_count, t.pending_piastres, t.oldest_pending)
      IS DISTINCT FROM (EXCLUDED.pending_count, EXCLUDED.pending_piastres, EXCLUDED.oldest_pending);
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_count_receipts() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ledger_add_money(ARRAY(
    SELECT ROW(r.association_id, r.subscription_id, r.user_id, r.amount_piastres, 0, 0, 0, 0, 0)::ledger_money_move
      FROM new_rows r));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_count_payouts() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ledger_add_money(ARRAY(
    SELECT ROW(p.association_id, p.subscription_id, p.user_id, 0,
               CASE WHEN p.kind = 'payout' THEN p.gross_piastres ELSE 0 END,
               CASE WHEN p.kind = 'payout' THEN p.deducted_piastres ELSE 0 END,
               CASE WHEN p.kind = 'refund' THEN p.net_piastres ELSE 0 END,
               (p.kind = 'payout')::int, (p.kind = 'refund')::int)::ledger_money_move
      FROM new_rows p));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A reversal takes its receipt or payout out of every total (the record itself stays, 0029).
CREATE OR REPLACE FUNCTION ledger_count_reversals() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ledger_add_money(ARRAY(
    SELECT ROW(r.association_id, r.subscription_id, r.user_id, -r.amount_piastres, 0, 0, 0, 0, 0)::ledger_money_move
      FROM new_rows v JOIN receipts r ON r.id = v.receipt_id
    UNION ALL
    SELECT ROW(p.association_id, p.subscription_id, p.user_id, 0,
               CASE WHEN p.kind = 'payout' THEN -p.gross_piastres ELSE 0 END,
               CASE WHEN p.kind = 'payout' THEN -p.deducted_piastres ELSE 0 END,
               CASE WHEN p.kind = 'refund' THEN -p.net_piastres ELSE 0 END,
               -(p.kind = 'payout')::int, -(p.kind = 'refund')::int)::ledger_money_move
      FROM new_rows v JOIN payouts p ON p.id = v.payout_id));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_count_installments() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  touched integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM ledger_add_days(ARRAY(
      SELECT ROW(association_id, due_date, count(*), sum(amount_piastres), 0, 0)::ledger_day_move
        FROM new_rows WHERE status = 'pending' GROUP BY association_id, due_date));
    touched := ARRAY(SELECT DISTINCT subscription_id FROM new_rows WHERE status = 'pending');
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM ledger_add_days(ARRAY(
      SELECT ROW(association_id, due_date, -count(*), -sum(amount_piastres), 0, 0)::ledger_day_move
        FROM old_rows WHERE status = 'pending' GROUP BY association_id, due_date));
    touched := ARRAY(SELECT DISTINCT subscription_id FROM old_rows WHERE status = 'pending');
  ELSE
    PERFORM ledger_add_days(ARRAY(
      SELECT ROW(m.association_id, m.due_date, sum(m.n), sum(m.piastres), 0, 0)::ledger_day_move
        FROM (
          SELECT association_id, due_date, -1 AS n, -amount_piastres AS piastres FROM old_rows WHERE status = 'pending'
          UNION ALL
          SELECT association_id, due_date, 1, amount_piastres FROM new_rows WHERE status = 'pending'
        ) AS m
       GROUP BY m.association_id, m.due_date));
    touched := ARRAY(
      SELECT subscription_id FROM old_rows WHERE status = 'pending'
      UNION
      SELECT subscription_id FROM new_rows WHERE status = 'pending');
  END IF;
  PERFORM ledger_recount_pending(touched);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Payouts due: an active, unpaid subscription owes its amount on its turn day's date.
CREATE OR REPLACE FUNCTION ledger_count_payouts_due() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM ledger_add_days(ARRAY(
      SELECT ROW(s.association_id, d.date, 0, 0, 1, s.amount_piastres)::ledger_day_move
        FROM new_rows s
        JOIN association_days d ON d.association_id = s.association_id AND d.day_number = s.day_number
       WHERE s.status = 'active' AND s.transfer_status = 'unpaid'));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM ledger_add_days(ARRAY(
      SELECT ROW(s.association_id, d.date, 0, 0, -1, -s.amount_piastres)::ledger_day_move
        FROM old_rows s
        JOIN association_days d ON d.association_id = s.association_id AND d.day_number = s.day_number
       WHERE s.status = 'active' AND s.transfer_status = 'unpaid'));
  ELSE
    PERFORM ledger_add_days(ARRAY(
      SELECT ROW(m.association_id, d.date, 0, 0, m.n, m.n * m.amount_piastres)::ledger_day_move
        FROM (
          SELECT association_id, day_number, amount_piastres, -1 AS n FROM old_rows
           WHERE status = 'active' AND transfer_status = 'unpaid'
          UNION ALL
          SELECT association_id, day_number, amount_piastres, 1 FROM new_rows
           WHERE status = 'active' AND transfer_status = 'unpaid'
        ) AS m
        JOIN association_days d ON d.association_id = m.association_id AND d.day_number = m.day_number));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A held day whose date changes moves its payout due with it (the days import refuses to change a
-- held day, and a new from_date is refused once anyone subscribed: kept exact all the same).
CREATE OR REPLACE FUNCTION ledger_move_turn_days() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ledger_add_days(ARRAY(
    SELECT ROW(s.association_id, m.date, 0, 0, m.n, m.n * s.amount_piastres)::ledger_day_move
      FROM (
        SELECT association_id, day_number, date, -1 AS n FROM old_rows
        UNION ALL
        SELECT association_id, day_number, date, 1 FROM new_rows
      ) AS m
      JOIN subscriptions s ON s.association_id = m.association_id AND s.day_number = m.day_number
     WHERE s.status = 'active' AND s.transfer_status = 'unpaid'));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER receipts_ledger_totals AFTER INSERT ON receipts REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_count_receipts();
--> statement-breakpoint
CREATE TRIGGER payouts_ledger_totals AFTER INSERT ON payouts REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_count_payouts();
--> statement-breakpoint
CREATE TRIGGER reversals_ledger_totals AFTER INSERT ON reversals REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_count_reversals();
--> statement-breakpoint
CREATE TRIGGER installments_ledger_insert AFTER INSERT ON installments REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_count_installments();
--> statement-breakpoint
CREATE TRIGGER installments_ledger_update AFTER UPDATE ON installments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_count_installments();
--> statement-breakpoint
CREATE TRIGGER installments_ledger_delete AFTER DELETE ON installments REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_count_installments();
--> statement-breakpoint
CREATE TRIGGER subscriptions_ledger_insert AFTER INSERT ON subscriptions REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_count_payouts_due();
--> statement-breakpoint
CREATE TRIGGER subscriptions_ledger_update AFTER UPDATE ON subscriptions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_count_payouts_due();
--> statement-breakpoint
CREATE TRIGGER subscriptions_ledger_delete AFTER DELETE ON subscriptions REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_count_payouts_due();
--> statement-breakpoint
CREATE TRIGGER association_days_ledger_update AFTER UPDATE ON association_days
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_move_turn_days();
--> statement-breakpoint
-- Recounts every rollup of this file from the rows (the definitions of docs/decisions/0029 and 0030).
CREATE OR REPLACE FUNCTION refresh_ledger_counters() RETURNS void
LANGUAGE sql AS $$
  DELETE FROM ledger_association_totals;
  DELETE FROM ledger_subscription_totals;
  DELETE FROM ledger_day_totals;
  DELETE FROM ledger_month_totals;
  INSERT INTO ledger_association_totals (association_id, collected_piastres, paid_out_piastres, deducted_piastres,
      refunds_piastres, payouts_count, refunds_count)
    SELECT m.association_id, sum(m.collected), sum(m.paid_out), sum(m.deducted), sum(m.refunds), sum(m.payouts),
           sum(m.refunds_n)
      FROM (
        SELECT r.association_id, r.amount_piastres AS collected, 0::bigint AS paid_out, 0::bigint AS deducted,
               0::bigint AS refunds, 0 AS payouts, 0 AS refunds_n
          FROM receipts r WHERE NOT EXISTS (SELECT 1 FROM reversals v WHERE v.receipt_id = r.id)
        UNION ALL
        SELECT p.association_id, 0, CASE WHEN p.kind = 'payout' THEN p.gross_piastres ELSE 0 END,
               CASE WHEN p.kind = 'payout' THEN p.deducted_piastres ELSE 0 END,
               CASE WHEN p.kind = 'refund' THEN p.net_piastres ELSE 0 END,
               (p.kind = 'payout')::int, (p.kind = 'refund')::int
          FROM payouts p WHERE NOT EXISTS (SELECT 1 FROM reversals v WHERE v.payout_id = p.id)
      ) AS m
     GROUP BY m.association_id;
  INSERT INTO ledger_subscription_totals (subscription_id, user_id, association_id, paid_piastres, paid_out_piastres,
      deducted_piastres, refunds_piastres, payouts_count, refunds_count, pending_count, pending_piastres,
      oldest_pending)
    SELECT m.subscription_id, m.user_id, min(m.association_id), sum(m.collected), sum(m.paid_out), sum(m.deducted),
           sum(m.refunds), sum(m.payouts), sum(m.refunds_n), sum(m.pending_count), sum(m.pending_piastres),
           min(m.oldest)
      FROM (
        SELECT r.subscription_id, r.user_id, r.association_id, r.amount_piastres AS collected, 0::bigint AS paid_out,
               0::bigint AS deducted, 0::bigint AS refunds, 0 AS payouts, 0 AS refunds_n, 0::bigint AS pending_count,
               0::bigint AS pending_piastres, NULL::date AS oldest
          FROM receipts r WHERE NOT EXISTS (SELECT 1 FROM reversals v WHERE v.receipt_id = r.id)
        UNION ALL
        SELECT p.subscription_id, p.user_id, p.association_id, 0,
               CASE WHEN p.kind = 'payout' THEN p.gross_piastres ELSE 0 END,
               CASE WHEN p.kind = 'payout' THEN p.deducted_piastres ELSE 0 END,
               CASE WHEN p.kind = 'refund' THEN p.net_piastres ELSE 0 END,
               (p.kind = 'payout')::int, (p.kind = 'refund')::int, 0, 0, NULL
          FROM payouts p WHERE NOT EXISTS (SELECT 1 FROM reversals v WHERE v.payout_id = p.id)
        UNION ALL
        SELECT i.subscription_id, i.user_id, min(i.association_id), 0, 0, 0, 0, 0, 0, count(*), sum(i.amount_piastres),
               min(i.due_date)
          FROM installments i WHERE i.status = 'pending'
         GROUP BY i.subscription_id, i.user_id
      ) AS m
     GROUP BY m.subscription_id, m.user_id;
  INSERT INTO ledger_day_totals (association_id, day, pending_count, pending_piastres, payouts_count, payouts_piastres)
    SELECT m.association_id, m.day, sum(m.pending_count), sum(m.pending_piastres), sum(m.payouts_count),
           sum(m.payouts_piastres)
      FROM (
        SELECT i.association_id, i.due_date AS day, count(*) AS pending_count, sum(i.amount_piastres) AS pending_piastres,
               0::bigint AS payouts_count, 0::bigint AS payouts_piastres
          FROM installments i WHERE i.status = 'pending'
         GROUP BY i.association_id, i.due_date
        UNION ALL
        SELECT s.association_id, d.date, 0, 0, count(*), sum(s.amount_piastres)
          FROM subscriptions s
          JOIN association_days d ON d.association_id = s.association_id AND d.day_number = s.day_number
         WHERE s.status = 'active' AND s.transfer_status = 'unpaid'
         GROUP BY s.association_id, d.date
      ) AS m
     GROUP BY m.association_id, m.day;
  INSERT INTO ledger_month_totals (association_id, month, pending_count, pending_piastres, payouts_count,
      payouts_piastres)
    SELECT association_id, date_trunc('month', day::timestamp)::date, sum(pending_count), sum(pending_piastres),
           sum(payouts_count), sum(payouts_piastres)
      FROM ledger_day_totals
     GROUP BY 1, 2;
$$;
--> statement-breakpoint
SELECT refresh_ledger_counters();
