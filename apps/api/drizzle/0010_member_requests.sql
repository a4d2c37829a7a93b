CREATE TABLE "card_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "card_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"name" varchar(150) NOT NULL,
	"national_id" char(14) NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"note" text,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_requests_status_check" CHECK ("card_requests"."status" in (0, 1, 2)),
	CONSTRAINT "card_requests_national_id_check" CHECK ("card_requests"."national_id" ~ '^[0-9]{14}$')
);
--> statement-breakpoint
CREATE TABLE "turn_move_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "turn_move_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"subscription_id" integer NOT NULL,
	"association_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"from_day" smallint NOT NULL,
	"to_day" smallint NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"note" text,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "turn_move_requests_status_check" CHECK ("turn_move_requests"."status" in (0, 1, 2, 3)),
	CONSTRAINT "turn_move_requests_days_check" CHECK ("turn_move_requests"."from_day" <> "turn_move_requests"."to_day")
);
--> statement-breakpoint
CREATE TABLE "workflow_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "workflow_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"machine" varchar(40) NOT NULL,
	"record_id" integer NOT NULL,
	"action" varchar(40) NOT NULL,
	"from_status" smallint,
	"to_status" smallint NOT NULL,
	"actor_id" integer,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "card_requests" ADD CONSTRAINT "card_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_requests" ADD CONSTRAINT "card_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "turn_move_requests" ADD CONSTRAINT "turn_move_requests_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "turn_move_requests" ADD CONSTRAINT "turn_move_requests_association_id_associations_id_fk" FOREIGN KEY ("association_id") REFERENCES "public"."associations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "turn_move_requests" ADD CONSTRAINT "turn_move_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "turn_move_requests" ADD CONSTRAINT "turn_move_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_history" ADD CONSTRAINT "workflow_history_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "card_requests_open_key" ON "card_requests" USING btree ("user_id") WHERE "card_requests"."status" = 0;--> statement-breakpoint
CREATE INDEX "card_requests_user_idx" ON "card_requests" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "card_requests_created_idx" ON "card_requests" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "turn_move_requests_open_key" ON "turn_move_requests" USING btree ("subscription_id") WHERE "turn_move_requests"."status" = 0;--> statement-breakpoint
CREATE INDEX "turn_move_requests_status_idx" ON "turn_move_requests" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "turn_move_requests_user_idx" ON "turn_move_requests" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "turn_move_requests_association_idx" ON "turn_move_requests" USING btree ("association_id","id");--> statement-breakpoint
CREATE INDEX "workflow_history_record_idx" ON "workflow_history" USING btree ("machine","record_id","id");--> statement-breakpoint
-- The audit trigger (0001, 0004) on both kinds of request; workflow_history is itself a history.
CREATE TRIGGER turn_move_requests_audit AFTER INSERT OR UPDATE OR DELETE ON turn_move_requests
  FOR EACH ROW EXECUTE FUNCTION audit_row_change();
--> statement-breakpoint
CREATE TRIGGER card_requests_audit AFTER INSERT OR UPDATE OR DELETE ON card_requests
  FOR EACH ROW EXECUTE FUNCTION audit_row_change();
