-- The open associations' free days (issue 21 §3): /me/associations/open counted, for each
-- association of the page and for its total, every one of its 1,200 days with a probe into the
-- subscriptions (20–45 ms warm at DESIGN §5 size). `held` says an active subscription holds the
-- day; the partial index holds only the free days, so "free from today" is an index range.
ALTER TABLE "association_days" ADD COLUMN "held" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Statement-level, over the transition tables: the days a statement touched (their old and new
-- places) are recomputed from the subscriptions after it, so any order of moves within one
-- statement (a swap of two days) ends right.
CREATE OR REPLACE FUNCTION hold_association_days() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE association_days d SET held = true
      FROM new_rows n
      WHERE n.status = 'active' AND d.association_id = n.association_id AND d.day_number = n.day_number
        AND NOT d.held;
  ELSE
    UPDATE association_days d SET held = x.held
      FROM (
        SELECT t.association_id, t.day_number, EXISTS (
          SELECT 1 FROM subscriptions s WHERE s.association_id = t.association_id
            AND s.day_number = t.day_number AND s.status = 'active') AS held
        FROM (
          -- Only the rows whose day or status moved: a payout or a transfer reference updates a
          -- subscription without touching its day.
          SELECT DISTINCT x.association_id, x.day_number
          FROM old_rows o JOIN new_rows n ON n.id = o.id
          CROSS JOIN LATERAL (VALUES (o.association_id, o.day_number), (n.association_id, n.day_number))
            AS x (association_id, day_number)
          WHERE (o.association_id, o.day_number, o.status) IS DISTINCT FROM (n.association_id, n.day_number, n.status)
        ) t
      ) x
      WHERE d.association_id = x.association_id AND d.day_number = x.day_number AND d.held <> x.held;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A delete has no new rows: its own function, over the old ones.
CREATE OR REPLACE FUNCTION free_association_days() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE association_days d SET held = false
    FROM old_rows o
    WHERE o.status = 'active' AND d.association_id = o.association_id AND d.day_number = o.day_number AND d.held
      AND NOT EXISTS (SELECT 1 FROM subscriptions s WHERE s.association_id = o.association_id
        AND s.day_number = o.day_number AND s.status = 'active');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER subscriptions_hold_days_insert AFTER INSERT ON subscriptions REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hold_association_days();
--> statement-breakpoint
CREATE TRIGGER subscriptions_hold_days_update AFTER UPDATE ON subscriptions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hold_association_days();
--> statement-breakpoint
CREATE TRIGGER subscriptions_hold_days_delete AFTER DELETE ON subscriptions REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION free_association_days();
--> statement-breakpoint
-- Recomputes every day's flag from the subscriptions (after a bulk load that bypassed the trigger;
-- named like the counters' refreshers, which the bulk seed calls; also run here once).
CREATE OR REPLACE FUNCTION refresh_free_day_counters() RETURNS void
LANGUAGE sql AS $$
  UPDATE association_days d SET held = h.held
  FROM (
    SELECT d2.association_id, d2.day_number, EXISTS (
      SELECT 1 FROM subscriptions s WHERE s.association_id = d2.association_id
        AND s.day_number = d2.day_number AND s.status = 'active') AS held
    FROM association_days d2
  ) h
  WHERE d.association_id = h.association_id AND d.day_number = h.day_number AND d.held IS DISTINCT FROM h.held;
$$;
--> statement-breakpoint
SELECT refresh_free_day_counters();
--> statement-breakpoint
CREATE INDEX "association_days_free_idx" ON "association_days" USING btree ("association_id","date","day_number") WHERE not "association_days"."held";
