-- Foundation v2 (issue 7): trigram indexes for contains searches, the jobs table
-- (the mail outbox generalized), counters kept by triggers, role names unique
-- ignoring case.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "counters" (
	"key" varchar(100) PRIMARY KEY NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" varchar(40) NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"user_id" integer,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"max_attempts" smallint DEFAULT 8 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "jobs_status_check" CHECK ("jobs"."status" in ('pending', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "roles" DROP CONSTRAINT "roles_name_unique";--> statement-breakpoint
-- Names that differ only in case become distinct before the case-insensitive index.
UPDATE "roles" r SET "name" = left(r."name", 90) || ' (' || r."id" || ')'
  WHERE EXISTS (SELECT 1 FROM "roles" o WHERE lower(o."name") = lower(r."name") AND o."id" < r."id");--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at","id") WHERE "jobs"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "jobs_user_idx" ON "jobs" USING btree ("user_id","kind");--> statement-breakpoint
CREATE INDEX "audit_logs_action_trgm_idx" ON "audit_logs" USING gin ("action" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "audit_logs_url_trgm_idx" ON "audit_logs" USING gin ("url" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "roles_name_lower_key" ON "roles" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "users_live_type_idx" ON "users" USING btree ("type","id") WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_phone_trgm_idx" ON "users" USING gin ("phone" gin_trgm_ops);--> statement-breakpoint
-- Counters (db/schema/counters.ts): users by type and state, kept in the same transaction as the change.
CREATE OR REPLACE FUNCTION user_counter_key(kind varchar, active boolean, deleted_at timestamptz) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT 'users.' || kind || CASE WHEN deleted_at IS NOT NULL THEN '.removed' WHEN active THEN '.active' ELSE '.inactive' END
$$;
--> statement-breakpoint
-- Statement-level, over the transition tables: one bulk change (an import, a mass deactivation)
-- moves each counter once per statement, not once per row (row-level updates of one counter row
-- in one transaction pile up row versions and slow down quadratically).
CREATE OR REPLACE FUNCTION count_users() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- Keys in a fixed order, in one statement: two opposite moves cannot deadlock on the counter rows.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO counters (key, n)
      SELECT user_counter_key(type, active, deleted_at), count(*) FROM new_rows GROUP BY 1 ORDER BY 1
    ON CONFLICT (key) DO UPDATE SET n = counters.n + EXCLUDED.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO counters (key, n)
      SELECT user_counter_key(type, active, deleted_at), -count(*) FROM old_rows GROUP BY 1 ORDER BY 1
    ON CONFLICT (key) DO UPDATE SET n = counters.n + EXCLUDED.n;
  ELSE
    INSERT INTO counters (key, n)
      SELECT key, sum(d) FROM (
        SELECT user_counter_key(type, active, deleted_at) AS key, -1 AS d FROM old_rows
        UNION ALL
        SELECT user_counter_key(type, active, deleted_at), 1 FROM new_rows
      ) AS moves
      GROUP BY key HAVING sum(d) <> 0 ORDER BY key
    ON CONFLICT (key) DO UPDATE SET n = counters.n + EXCLUDED.n;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_count_insert AFTER INSERT ON users REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_users();
--> statement-breakpoint
CREATE TRIGGER users_count_update AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_users();
--> statement-breakpoint
CREATE TRIGGER users_count_delete AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_users();
--> statement-breakpoint
-- Recounts from the rows (after a bulk load that bypassed triggers; also run here once).
CREATE OR REPLACE FUNCTION refresh_user_counters() RETURNS void
LANGUAGE sql AS $$
  DELETE FROM counters WHERE key LIKE 'users.%';
  INSERT INTO counters (key, n)
    SELECT user_counter_key(type, active, deleted_at), count(*) FROM users
    GROUP BY 1;
$$;
--> statement-breakpoint
SELECT refresh_user_counters();
--> statement-breakpoint
-- The permission catalogue was the one table of 0000 without the audit trigger (caught by audit-coverage.test.ts).
CREATE TRIGGER permissions_audit AFTER INSERT OR UPDATE OR DELETE ON permissions
  FOR EACH ROW EXECUTE FUNCTION audit_row_change();
