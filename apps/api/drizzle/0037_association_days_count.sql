-- An association's number of turn days, kept with its days (issue 21 §3): the associations list
-- and detail, the members' open associations, the quote and subscribe each counted the 1,200 rows of
-- association_days per association (0.3 ms each at DESIGN §5 size, 3.3 of a list page's 3.6 ms).
ALTER TABLE "associations" ADD COLUMN "days_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Statement-level over the transition tables, like associations.subscriptions_count: one update per
-- association a statement touched (the calendar of 1,200 days is one insert).
CREATE OR REPLACE FUNCTION count_association_days() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE associations a SET days_count = a.days_count + d.n
      FROM (SELECT association_id, count(*)::int AS n FROM new_rows GROUP BY association_id) AS d
     WHERE a.id = d.association_id;
  ELSE
    UPDATE associations a SET days_count = a.days_count - d.n
      FROM (SELECT association_id, count(*)::int AS n FROM old_rows GROUP BY association_id) AS d
     WHERE a.id = d.association_id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER association_days_count_insert AFTER INSERT ON association_days REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_association_days();
--> statement-breakpoint
CREATE TRIGGER association_days_count_delete AFTER DELETE ON association_days REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_association_days();
--> statement-breakpoint
-- An update never moves a day to another association: its key is (association_id, day_number).
CREATE OR REPLACE FUNCTION refuse_day_move() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'a turn day cannot move to another association' USING ERRCODE = 'check_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER association_days_stay AFTER UPDATE OF association_id ON association_days
  FOR EACH ROW WHEN (OLD.association_id IS DISTINCT FROM NEW.association_id) EXECUTE FUNCTION refuse_day_move();
--> statement-breakpoint
-- Recounts from the rows (after a bulk load that bypassed the triggers; named like the other
-- counters' refreshers, which the bulk seed calls); also run here once.
CREATE OR REPLACE FUNCTION refresh_association_day_counters() RETURNS void
LANGUAGE sql AS $$
  UPDATE associations a SET days_count = coalesce(d.n, 0)
  FROM associations a2
  LEFT JOIN (SELECT association_id, count(*)::int AS n FROM association_days GROUP BY association_id) d
    ON d.association_id = a2.id
  WHERE a.id = a2.id AND a.days_count IS DISTINCT FROM coalesce(d.n, 0);
$$;
--> statement-breakpoint
-- The count follows the days: not a change of the association to audit (hidden, as a password hash is).
DROP TRIGGER associations_audit ON associations;--> statement-breakpoint
CREATE TRIGGER associations_audit AFTER INSERT OR UPDATE OR DELETE ON associations
  FOR EACH ROW EXECUTE FUNCTION audit_row_change('days_count');
--> statement-breakpoint
SELECT refresh_association_day_counters();
