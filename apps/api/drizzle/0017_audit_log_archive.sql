-- The audit log at scale (issue 14, docs/decisions/0024-audit-log-at-scale.md). Measured at 10 M rows:
-- a date filter a year back took 2-7 s (the planner walked the whole newer log by id), a free-text
-- search that matched nothing 13-21 s. The log is kept, in two parts:
-- - audit_logs, the live part (this month and last), where the trigger writes, as before;
-- - audit_logs_archive, partitioned by Cairo month of created_at, where the daily retention job moves
--   older rows in batches (audit_logs_archive_batch()), so a date filter reads only its months.
-- Lists read audit_logs_all (both) only when a page or filter needs the archive. Nothing is copied
-- here: on a populated database this migration only rebuilds indexes (10 M rows: about 2 minutes),
-- and the job moves the old rows afterwards, a few batches per run.

-- The live part: (id, created_at) as the key, created_at in the btrees (a page's keys come from an
-- index alone), and entity searchable like action and url (the free-text search ORs the three).
ALTER TABLE "audit_logs" DROP CONSTRAINT "audit_logs_pkey";
--> statement-breakpoint
ALTER TABLE "audit_logs" ADD CONSTRAINT "audit_logs_pkey" PRIMARY KEY ("id", "created_at");
--> statement-breakpoint
DROP INDEX "audit_logs_created_idx";
--> statement-breakpoint
CREATE INDEX "audit_logs_created_idx" ON "audit_logs" USING btree ("created_at", "id");
--> statement-breakpoint
DROP INDEX "audit_logs_action_idx";
--> statement-breakpoint
CREATE INDEX "audit_logs_action_idx" ON "audit_logs" USING btree ("action", "id", "created_at");
--> statement-breakpoint
CREATE INDEX "audit_logs_entity_trgm_idx" ON "audit_logs" USING gin ("entity" gin_trgm_ops);
--> statement-breakpoint
CREATE TABLE "audit_logs_archive" (
	"id" bigint NOT NULL,
	"action" varchar(100) NOT NULL,
	"entity" varchar(60),
	"entity_id" varchar(40),
	"url" text,
	"method" varchar(10),
	"user_id" integer,
	"ip" varchar(64),
	"request_id" varchar(64),
	"old_value" jsonb,
	"new_value" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "audit_logs_archive_pkey" PRIMARY KEY ("id", "created_at")
) PARTITION BY RANGE ("created_at");
--> statement-breakpoint
CREATE INDEX "audit_logs_archive_created_idx" ON "audit_logs_archive" USING btree ("created_at", "id");
--> statement-breakpoint
CREATE INDEX "audit_logs_archive_action_idx" ON "audit_logs_archive" USING btree ("action", "id", "created_at");
--> statement-breakpoint
CREATE INDEX "audit_logs_archive_user_idx" ON "audit_logs_archive" USING btree ("user_id", "id");
--> statement-breakpoint
CREATE INDEX "audit_logs_archive_action_trgm_idx" ON "audit_logs_archive" USING gin ("action" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "audit_logs_archive_url_trgm_idx" ON "audit_logs_archive" USING gin ("url" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "audit_logs_archive_entity_trgm_idx" ON "audit_logs_archive" USING gin ("entity" gin_trgm_ops);
--> statement-breakpoint
-- Never used while the job makes each month's partition before moving its rows; there so that no
-- move can fail for want of one.
CREATE TABLE "audit_logs_archive_default" PARTITION OF "audit_logs_archive" DEFAULT;
--> statement-breakpoint
ANALYZE "audit_logs_archive_default";
--> statement-breakpoint
CREATE TABLE "audit_logs_archive_state" (
	"singleton" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"max_id" bigint DEFAULT 0 NOT NULL,
	"max_created_at" timestamp with time zone,
	"row_count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "audit_logs_archive_state_singleton" CHECK ("audit_logs_archive_state"."singleton")
);
--> statement-breakpoint
INSERT INTO "audit_logs_archive_state" DEFAULT VALUES;
--> statement-breakpoint
-- Per archived Cairo month: its smallest and largest id and its count, so an entry is looked up by id in
-- its month only (an id names no month, and probing every month's key costs a plan over all of them).
CREATE TABLE "audit_logs_archive_months" (
	"month" date PRIMARY KEY NOT NULL,
	"min_id" bigint NOT NULL,
	"max_id" bigint NOT NULL,
	"row_count" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_logs_archive_months_ids_idx" ON "audit_logs_archive_months" USING btree ("min_id", "max_id");
--> statement-breakpoint
CREATE VIEW "audit_logs_all" AS
  SELECT "id", "action", "entity", "entity_id", "url", "method", "user_id", "ip", "request_id", "old_value",
    "new_value", "created_at"
  FROM "audit_logs"
  UNION ALL
  SELECT "id", "action", "entity", "entity_id", "url", "method", "user_id", "ip", "request_id", "old_value",
    "new_value", "created_at"
  FROM "audit_logs_archive";
--> statement-breakpoint
-- Makes the missing monthly partitions of the archive, from the Cairo month of from_at through that of
-- through_at (audit_logs_archive_YYYY_MM); returns how many. Rows the default partition holds for a new
-- month move into it first (the default partition is locked meanwhile).
CREATE OR REPLACE FUNCTION audit_logs_archive_add_partitions(from_at timestamptz, through_at timestamptz)
RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  first_day date := date_trunc('month', from_at AT TIME ZONE 'Africa/Cairo')::date;
  last_first_day date := date_trunc('month', through_at AT TIME ZONE 'Africa/Cairo')::date;
  part text;
  lo timestamptz;
  hi timestamptz;
  made integer := 0;
BEGIN
  WHILE first_day <= last_first_day LOOP
    part := 'audit_logs_archive_' || to_char(first_day, 'YYYY_MM');
    IF to_regclass(part) IS NULL THEN
      lo := first_day::timestamp AT TIME ZONE 'Africa/Cairo';
      hi := (first_day + interval '1 month')::timestamp AT TIME ZONE 'Africa/Cairo';
      LOCK TABLE audit_logs_archive_default IN EXCLUSIVE MODE;
      EXECUTE format('CREATE TABLE %I (LIKE audit_logs_archive)', part);
      EXECUTE format('WITH moved AS (DELETE FROM audit_logs_archive_default WHERE created_at >= $1 AND created_at < $2
        RETURNING *) INSERT INTO %I SELECT * FROM moved', part) USING lo, hi;
      EXECUTE format('ALTER TABLE audit_logs_archive ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)', part, lo, hi);
      made := made + 1;
    END IF;
    first_day := (first_day + interval '1 month')::date;
  END LOOP;
  RETURN made;
END;
$$;
--> statement-breakpoint
-- Moves up to `batch` live rows created before `cutoff`, oldest first, into the archive (their months'
-- partitions made first), and records the largest id and created_at and the count in
-- audit_logs_archive_state, and each month's id range and count in audit_logs_archive_months, all in the
-- caller's transaction. Returns how many rows it moved.
CREATE OR REPLACE FUNCTION audit_logs_archive_batch(cutoff timestamptz, batch integer) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  moved integer;
  top_id bigint;
  top_at timestamptz;
BEGIN
  PERFORM audit_logs_archive_add_partitions(min(b.created_at), min(b.created_at))
    FROM (SELECT created_at FROM audit_logs WHERE created_at < cutoff ORDER BY created_at, id LIMIT batch) AS b
    GROUP BY date_trunc('month', b.created_at AT TIME ZONE 'Africa/Cairo');
  WITH picked AS (
    SELECT id, created_at FROM audit_logs WHERE created_at < cutoff ORDER BY created_at, id LIMIT batch FOR UPDATE
  ), gone AS (
    DELETE FROM audit_logs AS a USING picked AS p WHERE a.id = p.id AND a.created_at = p.created_at
    RETURNING a.id, a.action, a.entity, a.entity_id, a.url, a.method, a.user_id, a.ip, a.request_id, a.old_value,
      a.new_value, a.created_at
  ), kept AS (
    INSERT INTO audit_logs_archive (id, action, entity, entity_id, url, method, user_id, ip, request_id, old_value,
      new_value, created_at)
    SELECT * FROM gone
    RETURNING id, created_at
  ), months AS (
    INSERT INTO audit_logs_archive_months AS m (month, min_id, max_id, row_count)
    SELECT date_trunc('month', created_at AT TIME ZONE 'Africa/Cairo')::date, min(id), max(id), count(*)
    FROM kept
    GROUP BY 1
    ON CONFLICT (month) DO UPDATE
      SET min_id = least(m.min_id, excluded.min_id), max_id = greatest(m.max_id, excluded.max_id),
        row_count = m.row_count + excluded.row_count
  )
  SELECT count(*), max(id), max(created_at) INTO moved, top_id, top_at FROM kept;
  IF moved > 0 THEN
    UPDATE audit_logs_archive_state
      SET max_id = greatest(max_id, top_id), max_created_at = greatest(max_created_at, top_at),
        row_count = row_count + moved;
  END IF;
  RETURN moved;
END;
$$;
