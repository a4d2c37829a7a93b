-- The money ledger's rules that drizzle cannot declare (docs/decisions/0029-money-controls.md):
-- rows recorded before it get their receipts and payouts, the state columns are tied to the
-- ledger by CHECKs, the ledger tables are append-only, a closed association takes no new money
-- record, the audit trigger covers the ledger, and admin and manager may reverse.

-- Existing received installments: one receipt per subscription and moment of recording (the old
-- receive call wrote several installments with one reference at once), method cash (the old form
-- had none), numbered per Cairo year in the order they were recorded. The tables are empty here,
-- so ids are assigned in order and the identities moved past them.
CREATE TEMP TABLE legacy_receipts ON COMMIT DROP AS
  SELECT row_number() OVER (ORDER BY g.recorded, g.subscription_id)::bigint AS id,
         row_number() OVER (PARTITION BY g.year ORDER BY g.recorded, g.subscription_id) AS seq,
         g.*
    FROM (
      SELECT i.subscription_id, min(i.association_id) AS association_id, min(i.user_id) AS user_id,
             i.received_at, i.received_by, i.reference, i.note,
             sum(i.amount_piastres) AS amount,
             coalesce(i.received_at, now()) AS recorded,
             extract(year FROM coalesce(i.received_at, now()) AT TIME ZONE 'Africa/Cairo')::int AS year
        FROM installments i
       WHERE i.status = 'received'
       GROUP BY i.subscription_id, i.received_at, i.received_by, i.reference, i.note
    ) AS g;
--> statement-breakpoint
INSERT INTO receipts (id, number, subscription_id, association_id, user_id, method, reference, received_on,
                      amount_piastres, note, recorded_by, created_at)
  OVERRIDING SYSTEM VALUE
  SELECT l.id, 'R-' || l.year || '-' || lpad(l.seq::text, 6, '0'), l.subscription_id, l.association_id, l.user_id,
         'cash', nullif(btrim(l.reference), ''), (l.recorded AT TIME ZONE 'Africa/Cairo')::date, l.amount, l.note,
         (SELECT u.id FROM users u WHERE u.id = l.received_by), l.recorded
    FROM legacy_receipts l;
--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('receipts', 'id'), coalesce((SELECT max(id) FROM receipts), 0) + 1, false);
--> statement-breakpoint
INSERT INTO counters (key, n)
  SELECT 'receipts.' || year, max(seq) FROM legacy_receipts GROUP BY year
  ON CONFLICT (key) DO UPDATE SET n = greatest(counters.n, EXCLUDED.n);
--> statement-breakpoint
INSERT INTO receipt_lines (receipt_id, installment_id, day_number, due_date, amount_piastres)
  SELECT l.id, i.id, i.day_number, i.due_date, i.amount_piastres
    FROM installments i
    JOIN legacy_receipts l ON l.subscription_id = i.subscription_id
     AND l.received_at IS NOT DISTINCT FROM i.received_at AND l.received_by IS NOT DISTINCT FROM i.received_by
     AND l.reference IS NOT DISTINCT FROM i.reference AND l.note IS NOT DISTINCT FROM i.note
   WHERE i.status = 'received';
--> statement-breakpoint
-- Linking changes no state a person acted on: the audit trigger stays out of it.
ALTER TABLE installments DISABLE TRIGGER installments_audit;
--> statement-breakpoint
UPDATE installments i SET receipt_id = rl.receipt_id FROM receipt_lines rl WHERE rl.installment_id = i.id;
--> statement-breakpoint
ALTER TABLE installments ENABLE TRIGGER installments_audit;
--> statement-breakpoint
-- Existing payouts: one payout row each, nothing deducted (arrears were not settled then).
CREATE TEMP TABLE legacy_payouts ON COMMIT DROP AS
  SELECT row_number() OVER (ORDER BY s.id)::bigint AS id, s.id AS subscription_id
    FROM subscriptions s WHERE s.transfer_status = 'paid';
--> statement-breakpoint
INSERT INTO payouts (id, kind, subscription_id, association_id, user_id, gross_piastres, deducted_piastres,
                     net_piastres, reference, paid_on, recorded_by, created_at)
  OVERRIDING SYSTEM VALUE
  SELECT l.id, 'payout', s.id, s.association_id, s.user_id, s.amount_piastres, 0, s.amount_piastres,
         coalesce(nullif(btrim(s.transfer_reference), ''), '-'),
         coalesce(s.transfer_date, (s.updated_at AT TIME ZONE 'Africa/Cairo')::date), s.transferred_by, s.updated_at
    FROM legacy_payouts l JOIN subscriptions s ON s.id = l.subscription_id;
--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('payouts', 'id'), coalesce((SELECT max(id) FROM payouts), 0) + 1, false);
--> statement-breakpoint
ALTER TABLE subscriptions DISABLE TRIGGER subscriptions_audit;
--> statement-breakpoint
UPDATE subscriptions s SET payout_id = l.id FROM legacy_payouts l WHERE l.subscription_id = s.id;
--> statement-breakpoint
ALTER TABLE subscriptions ENABLE TRIGGER subscriptions_audit;
--> statement-breakpoint
-- The state follows the ledger: received iff a receipt covers it; paid iff a payout made it so.
ALTER TABLE installments ADD CONSTRAINT installments_receipt_check
  CHECK ((status = 'received') = (receipt_id IS NOT NULL));
--> statement-breakpoint
ALTER TABLE subscriptions ADD CONSTRAINT subscriptions_payout_check
  CHECK ((transfer_status = 'paid') = (payout_id IS NOT NULL));
--> statement-breakpoint
-- Nothing recorded is edited or deleted: a reversal is its own record.
CREATE OR REPLACE FUNCTION ledger_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: its rows are never changed or deleted; record a reversal instead', TG_TABLE_NAME
    USING ERRCODE = '55000';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER receipts_append_only BEFORE UPDATE OR DELETE ON receipts
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
--> statement-breakpoint
CREATE TRIGGER receipts_no_truncate BEFORE TRUNCATE ON receipts
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
--> statement-breakpoint
CREATE TRIGGER receipt_lines_append_only BEFORE UPDATE OR DELETE ON receipt_lines
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
--> statement-breakpoint
CREATE TRIGGER receipt_lines_no_truncate BEFORE TRUNCATE ON receipt_lines
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
--> statement-breakpoint
CREATE TRIGGER payouts_append_only BEFORE UPDATE OR DELETE ON payouts
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
--> statement-breakpoint
CREATE TRIGGER payouts_no_truncate BEFORE TRUNCATE ON payouts
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
--> statement-breakpoint
CREATE TRIGGER reversals_append_only BEFORE UPDATE OR DELETE ON reversals
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
--> statement-breakpoint
CREATE TRIGGER reversals_no_truncate BEFORE TRUNCATE ON reversals
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
--> statement-breakpoint
CREATE TRIGGER subscription_changes_append_only BEFORE UPDATE OR DELETE ON subscription_changes
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
--> statement-breakpoint
CREATE TRIGGER subscription_changes_no_truncate BEFORE TRUNCATE ON subscription_changes
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
--> statement-breakpoint
-- A closed association takes no new receipt, payout, refund, withdrawal, replacement, subscription
-- or turn move; a reversal (its own table, and the state it restores) stays possible.
CREATE OR REPLACE FUNCTION ledger_refuse_closed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM associations a WHERE a.id = NEW.association_id AND a.closed_at IS NOT NULL) THEN
    RAISE EXCEPTION 'association % is closed: only a reversal may be recorded on it', NEW.association_id
      USING ERRCODE = '55000';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER receipts_refuse_closed BEFORE INSERT ON receipts
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_closed();
--> statement-breakpoint
CREATE TRIGGER payouts_refuse_closed BEFORE INSERT ON payouts
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_closed();
--> statement-breakpoint
CREATE TRIGGER subscription_changes_refuse_closed BEFORE INSERT ON subscription_changes
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_closed();
--> statement-breakpoint
CREATE TRIGGER subscriptions_refuse_closed BEFORE INSERT OR UPDATE OF day_number, user_id, status ON subscriptions
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_closed();
--> statement-breakpoint
-- The audit trigger (0001, 0004) covers the ledger; its rows are only ever inserted.
CREATE TRIGGER receipts_audit AFTER INSERT OR UPDATE OR DELETE ON receipts
  FOR EACH ROW EXECUTE FUNCTION audit_row_change();
--> statement-breakpoint
CREATE TRIGGER payouts_audit AFTER INSERT OR UPDATE OR DELETE ON payouts
  FOR EACH ROW EXECUTE FUNCTION audit_row_change();
--> statement-breakpoint
CREATE TRIGGER reversals_audit AFTER INSERT OR UPDATE OR DELETE ON reversals
  FOR EACH ROW EXECUTE FUNCTION audit_row_change();
--> statement-breakpoint
CREATE TRIGGER subscription_changes_audit AFTER INSERT OR UPDATE OR DELETE ON subscription_changes
  FOR EACH ROW EXECUTE FUNCTION audit_row_change();
--> statement-breakpoint
-- payments.reverse for the roles that already record money (the seed grants it on a new database).
-- Like the seed's own grants, a schema step, not a person's change: the audit trigger stays out.
ALTER TABLE permissions DISABLE TRIGGER permissions_audit;
--> statement-breakpoint
ALTER TABLE role_permissions DISABLE TRIGGER role_permissions_audit;
--> statement-breakpoint
INSERT INTO permissions (name, group_name) VALUES ('payments.reverse', 'associations')
  ON CONFLICT (name) DO NOTHING;
--> statement-breakpoint
INSERT INTO role_permissions (role_id, permission_id)
  SELECT r.id, p.id FROM roles r, permissions p
   WHERE r.name IN ('admin', 'manager') AND p.name = 'payments.reverse'
  ON CONFLICT DO NOTHING;
--> statement-breakpoint
ALTER TABLE permissions ENABLE TRIGGER permissions_audit;
--> statement-breakpoint
ALTER TABLE role_permissions ENABLE TRIGGER role_permissions_audit;
