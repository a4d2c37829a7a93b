CREATE TABLE "association_days" (
	"association_id" integer NOT NULL,
	"day_number" smallint NOT NULL,
	"date" date NOT NULL,
	CONSTRAINT "association_days_association_id_day_number_pk" PRIMARY KEY("association_id","day_number"),
	CONSTRAINT "association_days_number_check" CHECK ("association_days"."day_number" between 1 and 1200)
);
--> statement-breakpoint
CREATE TABLE "associations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "associations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" varchar(150) NOT NULL,
	"type" varchar(10) DEFAULT 'normal' NOT NULL,
	"cost_piastres" integer NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date GENERATED ALWAYS AS (from_date + 1200) STORED NOT NULL,
	"started_at" timestamp with time zone,
	"subscriptions_count" integer DEFAULT 0 NOT NULL,
	"days_version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "associations_type_check" CHECK ("associations"."type" in ('normal', 'vip')),
	CONSTRAINT "associations_cost_check" CHECK ("associations"."cost_piastres" in (500, 1000, 2000, 5000, 10000, 20000))
);
--> statement-breakpoint
CREATE TABLE "installment_day_counts" (
	"due_date" date PRIMARY KEY NOT NULL,
	"pending" bigint DEFAULT 0 NOT NULL,
	"received" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "installments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "installments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"subscription_id" integer NOT NULL,
	"association_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"day_number" smallint NOT NULL,
	"due_date" date NOT NULL,
	"amount_piastres" integer NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"received_at" timestamp with time zone,
	"received_by" integer,
	"reference" varchar(100),
	"note" text,
	CONSTRAINT "installments_status_check" CHECK ("installments"."status" in ('pending', 'received'))
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "subscriptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"association_id" integer NOT NULL,
	"day_number" smallint NOT NULL,
	"user_id" integer NOT NULL,
	"amount_piastres" bigint NOT NULL,
	"status" varchar(10) DEFAULT 'active' NOT NULL,
	"transfer_status" varchar(10) DEFAULT 'unpaid' NOT NULL,
	"transfer_reference" varchar(100),
	"transfer_date" date,
	"transferred_by" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_status_check" CHECK ("subscriptions"."status" in ('active', 'cancelled')),
	CONSTRAINT "subscriptions_transfer_check" CHECK ("subscriptions"."transfer_status" in ('unpaid', 'paid'))
);
--> statement-breakpoint
ALTER TABLE "association_days" ADD CONSTRAINT "association_days_association_id_associations_id_fk" FOREIGN KEY ("association_id") REFERENCES "public"."associations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "associations" ADD CONSTRAINT "associations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installments" ADD CONSTRAINT "installments_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_association_id_associations_id_fk" FOREIGN KEY ("association_id") REFERENCES "public"."associations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_transferred_by_users_id_fk" FOREIGN KEY ("transferred_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "associations_from_idx" ON "associations" USING btree ("from_date","id");--> statement-breakpoint
CREATE INDEX "associations_cost_idx" ON "associations" USING btree ("cost_piastres","id");--> statement-breakpoint
CREATE INDEX "associations_title_trgm_idx" ON "associations" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "installments_subscription_day_key" ON "installments" USING btree ("subscription_id","day_number");--> statement-breakpoint
CREATE INDEX "installments_association_due_idx" ON "installments" USING btree ("association_id","due_date","id");--> statement-breakpoint
CREATE INDEX "installments_user_due_idx" ON "installments" USING btree ("user_id","due_date","id");--> statement-breakpoint
CREATE INDEX "installments_due_idx" ON "installments" USING btree ("due_date","id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_day_held_key" ON "subscriptions" USING btree ("association_id","day_number") WHERE "subscriptions"."status" = 'active';--> statement-breakpoint
CREATE INDEX "subscriptions_user_idx" ON "subscriptions" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "subscriptions_association_idx" ON "subscriptions" USING btree ("association_id","id");--> statement-breakpoint
-- The audit trigger (0001, 0004): associations and subscriptions fully; installments on update
-- (a payment received), since their inserts are one statement with the audited subscription.
CREATE TRIGGER associations_audit AFTER INSERT OR UPDATE OR DELETE ON associations
  FOR EACH ROW EXECUTE FUNCTION audit_row_change();
--> statement-breakpoint
CREATE TRIGGER subscriptions_audit AFTER INSERT OR UPDATE OR DELETE ON subscriptions
  FOR EACH ROW EXECUTE FUNCTION audit_row_change();
--> statement-breakpoint
CREATE TRIGGER installments_audit AFTER UPDATE ON installments
  FOR EACH ROW EXECUTE FUNCTION audit_row_change();
--> statement-breakpoint
-- Installments per due date and state (db/schema/associations.ts installmentDayCounts), per
-- statement over the transition tables, keys in date order so two changes cannot deadlock.
CREATE OR REPLACE FUNCTION count_installments() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO installment_day_counts (due_date, pending, received)
      SELECT due_date, count(*) FILTER (WHERE status = 'pending'), count(*) FILTER (WHERE status = 'received')
        FROM new_rows GROUP BY due_date ORDER BY due_date
    ON CONFLICT (due_date) DO UPDATE
      SET pending = installment_day_counts.pending + EXCLUDED.pending,
          received = installment_day_counts.received + EXCLUDED.received;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO installment_day_counts (due_date, pending, received)
      SELECT due_date, -count(*) FILTER (WHERE status = 'pending'), -count(*) FILTER (WHERE status = 'received')
        FROM old_rows GROUP BY due_date ORDER BY due_date
    ON CONFLICT (due_date) DO UPDATE
      SET pending = installment_day_counts.pending + EXCLUDED.pending,
          received = installment_day_counts.received + EXCLUDED.received;
  ELSE
    INSERT INTO installment_day_counts (due_date, pending, received)
      SELECT due_date, sum(p), sum(r) FROM (
        SELECT due_date, -(status = 'pending')::int AS p, -(status = 'received')::int AS r FROM old_rows
        UNION ALL
        SELECT due_date, (status = 'pending')::int, (status = 'received')::int FROM new_rows
      ) AS moves
      GROUP BY due_date HAVING sum(p) <> 0 OR sum(r) <> 0 ORDER BY due_date
    ON CONFLICT (due_date) DO UPDATE
      SET pending = installment_day_counts.pending + EXCLUDED.pending,
          received = installment_day_counts.received + EXCLUDED.received;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER installments_count_insert AFTER INSERT ON installments REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_installments();
--> statement-breakpoint
CREATE TRIGGER installments_count_update AFTER UPDATE ON installments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_installments();
--> statement-breakpoint
CREATE TRIGGER installments_count_delete AFTER DELETE ON installments REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_installments();
--> statement-breakpoint
-- associations.subscriptions_count: active subscriptions per association, per statement.
CREATE OR REPLACE FUNCTION count_subscriptions() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE associations a SET subscriptions_count = a.subscriptions_count + d.delta
    FROM (
      SELECT association_id, sum(delta) AS delta FROM (
        SELECT association_id, -1 AS delta FROM old_rows WHERE status = 'active'
        UNION ALL
        SELECT association_id, 1 FROM new_rows WHERE status = 'active'
      ) AS moves GROUP BY association_id HAVING sum(delta) <> 0
    ) AS d
   WHERE a.id = d.association_id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION count_subscriptions_insert() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE associations a SET subscriptions_count = a.subscriptions_count + d.n
    FROM (SELECT association_id, count(*) AS n FROM new_rows WHERE status = 'active' GROUP BY association_id) AS d
   WHERE a.id = d.association_id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION count_subscriptions_delete() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE associations a SET subscriptions_count = a.subscriptions_count - d.n
    FROM (SELECT association_id, count(*) AS n FROM old_rows WHERE status = 'active' GROUP BY association_id) AS d
   WHERE a.id = d.association_id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER subscriptions_count_insert AFTER INSERT ON subscriptions REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_subscriptions_insert();
--> statement-breakpoint
CREATE TRIGGER subscriptions_count_update AFTER UPDATE ON subscriptions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_subscriptions();
--> statement-breakpoint
CREATE TRIGGER subscriptions_count_delete AFTER DELETE ON subscriptions REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_subscriptions_delete();
--> statement-breakpoint
-- Recounts from the rows (after a bulk load that bypassed the triggers).
CREATE OR REPLACE FUNCTION refresh_installment_counters() RETURNS void
LANGUAGE sql AS $$
  DELETE FROM installment_day_counts;
  INSERT INTO installment_day_counts (due_date, pending, received)
    SELECT due_date, count(*) FILTER (WHERE status = 'pending'), count(*) FILTER (WHERE status = 'received')
      FROM installments GROUP BY due_date;
  UPDATE associations a SET subscriptions_count = coalesce(
    (SELECT count(*) FROM subscriptions s WHERE s.association_id = a.id AND s.status = 'active'), 0);
$$;
