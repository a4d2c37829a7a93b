CREATE TABLE "daily_runs" (
	"kind" varchar(50) NOT NULL,
	"day" date NOT NULL,
	"done_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "daily_runs_kind_day_pk" PRIMARY KEY("kind","day")
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payouts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" varchar(10) NOT NULL,
	"subscription_id" integer NOT NULL,
	"association_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"gross_piastres" bigint NOT NULL,
	"deducted_piastres" bigint DEFAULT 0 NOT NULL,
	"net_piastres" bigint NOT NULL,
	"reference" varchar(100) NOT NULL,
	"paid_on" date NOT NULL,
	"note" text,
	"recorded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_kind_check" CHECK ("payouts"."kind" in ('payout', 'refund')),
	CONSTRAINT "payouts_gross_check" CHECK ("payouts"."gross_piastres" > 0 and "payouts"."deducted_piastres" >= 0),
	CONSTRAINT "payouts_net_check" CHECK ("payouts"."net_piastres" = "payouts"."gross_piastres" - "payouts"."deducted_piastres" and "payouts"."net_piastres" >= 0),
	CONSTRAINT "payouts_refund_check" CHECK ("payouts"."kind" = 'payout' or "payouts"."deducted_piastres" = 0),
	CONSTRAINT "payouts_reference_check" CHECK (btrim("payouts"."reference") <> '')
);
--> statement-breakpoint
CREATE TABLE "receipt_lines" (
	"receipt_id" bigint NOT NULL,
	"installment_id" bigint NOT NULL,
	"day_number" smallint NOT NULL,
	"due_date" date NOT NULL,
	"amount_piastres" integer NOT NULL,
	CONSTRAINT "receipt_lines_receipt_id_installment_id_pk" PRIMARY KEY("receipt_id","installment_id"),
	CONSTRAINT "receipt_lines_amount_check" CHECK ("receipt_lines"."amount_piastres" > 0)
);
--> statement-breakpoint
CREATE TABLE "receipts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "receipts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"number" varchar(20) NOT NULL,
	"subscription_id" integer NOT NULL,
	"association_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"method" varchar(20) NOT NULL,
	"reference" varchar(100),
	"received_on" date NOT NULL,
	"amount_piastres" bigint NOT NULL,
	"payout_id" bigint,
	"note" text,
	"recorded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "receipts_number_check" CHECK ("receipts"."number" ~ '^R-[0-9]{4}-[0-9]{6,}$'),
	CONSTRAINT "receipts_method_check" CHECK ("receipts"."method" in ('cash', 'bank_transfer', 'instapay', 'mobile_wallet', 'fawry', 'payout_deduction')),
	CONSTRAINT "receipts_reference_check" CHECK ("receipts"."method" in ('cash', 'payout_deduction') or ("receipts"."reference" is not null and btrim("receipts"."reference") <> '')),
	CONSTRAINT "receipts_deduction_check" CHECK (("receipts"."method" = 'payout_deduction') = ("receipts"."payout_id" is not null)),
	CONSTRAINT "receipts_amount_check" CHECK ("receipts"."amount_piastres" > 0)
);
--> statement-breakpoint
CREATE TABLE "reversals" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reversals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"receipt_id" bigint,
	"payout_id" bigint,
	"subscription_id" integer NOT NULL,
	"association_id" integer NOT NULL,
	"reason" text NOT NULL,
	"reversed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reversals_target_check" CHECK (num_nonnulls("reversals"."receipt_id", "reversals"."payout_id") = 1),
	CONSTRAINT "reversals_reason_check" CHECK (btrim("reversals"."reason") <> '')
);
--> statement-breakpoint
CREATE TABLE "subscription_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "subscription_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" varchar(12) NOT NULL,
	"subscription_id" integer NOT NULL,
	"association_id" integer NOT NULL,
	"from_user_id" integer NOT NULL,
	"to_user_id" integer,
	"reason" text NOT NULL,
	"cancelled_count" integer DEFAULT 0 NOT NULL,
	"recorded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_changes_kind_check" CHECK ("subscription_changes"."kind" in ('withdrawal', 'replacement')),
	CONSTRAINT "subscription_changes_member_check" CHECK (("subscription_changes"."kind" = 'replacement') = ("subscription_changes"."to_user_id" is not null) and "subscription_changes"."from_user_id" is distinct from "subscription_changes"."to_user_id"),
	CONSTRAINT "subscription_changes_reason_check" CHECK (btrim("subscription_changes"."reason") <> '')
);
--> statement-breakpoint
ALTER TABLE "installments" DROP CONSTRAINT "installments_status_check";--> statement-breakpoint
ALTER TABLE "associations" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "associations" ADD COLUMN "closing_totals" jsonb;--> statement-breakpoint
ALTER TABLE "installments" ADD COLUMN "receipt_id" bigint;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "payout_id" bigint;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_association_id_associations_id_fk" FOREIGN KEY ("association_id") REFERENCES "public"."associations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_lines" ADD CONSTRAINT "receipt_lines_receipt_id_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."receipts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_lines" ADD CONSTRAINT "receipt_lines_installment_id_installments_id_fk" FOREIGN KEY ("installment_id") REFERENCES "public"."installments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_association_id_associations_id_fk" FOREIGN KEY ("association_id") REFERENCES "public"."associations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reversals" ADD CONSTRAINT "reversals_receipt_id_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."receipts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reversals" ADD CONSTRAINT "reversals_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reversals" ADD CONSTRAINT "reversals_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reversals" ADD CONSTRAINT "reversals_association_id_associations_id_fk" FOREIGN KEY ("association_id") REFERENCES "public"."associations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reversals" ADD CONSTRAINT "reversals_reversed_by_users_id_fk" FOREIGN KEY ("reversed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_changes" ADD CONSTRAINT "subscription_changes_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_changes" ADD CONSTRAINT "subscription_changes_association_id_associations_id_fk" FOREIGN KEY ("association_id") REFERENCES "public"."associations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_changes" ADD CONSTRAINT "subscription_changes_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_changes" ADD CONSTRAINT "subscription_changes_to_user_id_users_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_changes" ADD CONSTRAINT "subscription_changes_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payouts_subscription_idx" ON "payouts" USING btree ("subscription_id","id");--> statement-breakpoint
CREATE INDEX "payouts_association_idx" ON "payouts" USING btree ("association_id","id");--> statement-breakpoint
CREATE INDEX "receipt_lines_installment_idx" ON "receipt_lines" USING btree ("installment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_number_key" ON "receipts" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_payout_key" ON "receipts" USING btree ("payout_id") WHERE "receipts"."payout_id" is not null;--> statement-breakpoint
CREATE INDEX "receipts_subscription_idx" ON "receipts" USING btree ("subscription_id","id");--> statement-breakpoint
CREATE INDEX "receipts_association_idx" ON "receipts" USING btree ("association_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "reversals_receipt_key" ON "reversals" USING btree ("receipt_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reversals_payout_key" ON "reversals" USING btree ("payout_id");--> statement-breakpoint
CREATE INDEX "reversals_subscription_idx" ON "reversals" USING btree ("subscription_id","id");--> statement-breakpoint
CREATE INDEX "subscription_changes_subscription_idx" ON "subscription_changes" USING btree ("subscription_id","id");--> statement-breakpoint
ALTER TABLE "installments" ADD CONSTRAINT "installments_receipt_id_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."receipts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "installments_receipt_idx" ON "installments" USING btree ("receipt_id") WHERE "installments"."receipt_id" is not null;--> statement-breakpoint
ALTER TABLE "installments" ADD CONSTRAINT "installments_status_check" CHECK ("installments"."status" in ('pending', 'received', 'cancelled'));