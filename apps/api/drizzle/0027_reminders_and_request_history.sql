CREATE TABLE "reminder_runs" (
	"kind" varchar(10) NOT NULL,
	"day" date NOT NULL,
	"recipients" integer NOT NULL,
	"finished_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminder_runs_kind_day_pk" PRIMARY KEY("kind","day"),
	CONSTRAINT "reminder_runs_kind_check" CHECK ("reminder_runs"."kind" in ('due', 'late', 'arrears'))
);
--> statement-breakpoint
CREATE TABLE "reminders_sent" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reminders_sent_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"kind" varchar(10) NOT NULL,
	"day" date NOT NULL,
	"installments" integer NOT NULL,
	"amount_piastres" bigint NOT NULL,
	"emailed" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminders_sent_kind_check" CHECK ("reminders_sent"."kind" in ('due', 'late', 'arrears'))
);
--> statement-breakpoint
ALTER TABLE "workflow_history" ADD COLUMN "payment_amount_piastres" bigint;--> statement-breakpoint
ALTER TABLE "workflow_history" ADD COLUMN "payment_reference" varchar(100);--> statement-breakpoint
ALTER TABLE "workflow_history" ADD COLUMN "rejection_reason_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "reminder_emails" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "reminders_sent" ADD CONSTRAINT "reminders_sent_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reminders_sent_once_key" ON "reminders_sent" USING btree ("user_id","kind","day");--> statement-breakpoint
CREATE INDEX "reminders_sent_day_idx" ON "reminders_sent" USING btree ("day");--> statement-breakpoint
ALTER TABLE "workflow_history" ADD CONSTRAINT "workflow_history_rejection_reason_id_rejection_reasons_id_fk" FOREIGN KEY ("rejection_reason_id") REFERENCES "public"."rejection_reasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "installments_pending_due_idx" ON "installments" USING btree ("due_date","user_id") WHERE "installments"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_reminders_day_key" ON "jobs" USING btree (("payload" ->> 'day')) WHERE "jobs"."kind" = 'reminders' and "jobs"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "workflow_history" ADD CONSTRAINT "workflow_history_payment_check" CHECK ("workflow_history"."payment_amount_piastres" is null or "workflow_history"."payment_amount_piastres" > 0);