-- Every association together, kept like each one (docs/decisions/0030-cash-report.md): the day and
-- month rollups of 0024 also hold association_id 0, the sum of all associations for that day or
-- month, moved by the same statement as the association's own row. The cash report's totals and
-- its forecast then read ~90 day rows and a few dozen month rows instead of ~8,000 and ~4,000 at
-- DESIGN §5's size (measured: the report's forecast 5.4 ms → well under 1 ms of database time).
-- Association ids start at 1 (identity), so 0 names no association.

CREATE OR REPLACE FUNCTION ledger_add_days(moves ledger_day_move[]) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO ledger_day_totals AS t (association_id, day, pending_count, pending_piastres, payouts_count,
      payouts_piastres)
    SELECT m.association_id, m.day, sum(m.pending_count), sum(m.pending_piastres), sum(m.payouts_count),
           sum(m.payouts_piastres)
      FROM (
        SELECT x.association_id, x.day, x.pending_count, x.pending_piastres, x.payouts_count, x.payouts_piastres
          FROM unnest(moves) AS x
        UNION ALL
        SELECT 0, x.day, x.pending_count, x.pending_piastres, x.payouts_count, x.payouts_piastres
          FROM unnest(moves) AS x
      ) AS m
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
      FROM (
        SELECT x.association_id, x.day, x.pending_count, x.pending_piastres, x.payouts_count, x.payouts_piastres
          FROM unnest(moves) AS x
        UNION ALL
        SELECT 0, x.day, x.pending_count, x.pending_piastres, x.payouts_count, x.payouts_piastres
          FROM unnest(moves) AS x
      ) AS m
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
  -- Every association together (association_id 0), from the rows just written.
  INSERT INTO ledger_day_totals (association_id, day, pending_count, pending_piastres, payouts_count, payouts_piastres)
    SELECT 0, day, sum(pending_count), sum(pending_piastres), sum(payouts_count), sum(payouts_piastres)
      FROM ledger_day_totals
     GROUP BY day;
  INSERT INTO ledger_month_totals (association_id, month, pending_count, pending_piastres, payouts_count,
      payouts_piastres)
    SELECT association_id, date_trunc('month', day::timestamp)::date, sum(pending_count), sum(pending_piastres),
           sum(payouts_count), sum(payouts_piastres)
      FROM ledger_day_totals
     GROUP BY 1, 2;
$$;
--> statement-breakpoint
SELECT refresh_ledger_counters();
