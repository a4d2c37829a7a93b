CREATE TABLE "ledger_association_totals" (
	"association_id" integer PRIMARY KEY NOT NULL,
	"collected_piastres" bigint DEFAULT 0 NOT NULL,
	"paid_out_piastres" bigint DEFAULT 0 NOT NULL,
	"deducted_piastres" bigint DEFAULT 0 NOT NULL,
	"refunds_piastres" bigint DEFAULT 0 NOT NULL,
	"payouts_count" bigint DEFAULT 0 NOT NULL,
	"refunds_count" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_day_totals" (
	"association_id" integer NOT NULL,
	"day" date NOT NULL,
	"pending_count" bigint DEFAULT 0 NOT NULL,
	"pending_piastres" bigint DEFAULT 0 NOT NULL,
	"payouts_count" bigint DEFAULT 0 NOT NULL,
	"payouts_piastres" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "ledger_day_totals_association_id_day_pk" PRIMARY KEY("association_id","day")
);
--> statement-breakpoint
CREATE TABLE "ledger_month_totals" (
	"association_id" integer NOT NULL,
	"month" date NOT NULL,
	"pending_count" bigint DEFAULT 0 NOT NULL,
	"pending_piastres" bigint DEFAULT 0 NOT NULL,
	"payouts_count" bigint DEFAULT 0 NOT NULL,
	"payouts_piastres" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "ledger_month_totals_association_id_month_pk" PRIMARY KEY("association_id","month")
);
--> statement-breakpoint
CREATE TABLE "ledger_subscription_totals" (
	"subscription_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"association_id" integer NOT NULL,
	"paid_piastres" bigint DEFAULT 0 NOT NULL,
	"paid_out_piastres" bigint DEFAULT 0 NOT NULL,
	"deducted_piastres" bigint DEFAULT 0 NOT NULL,
	"refunds_piastres" bigint DEFAULT 0 NOT NULL,
	"payouts_count" bigint DEFAULT 0 NOT NULL,
	"refunds_count" bigint DEFAULT 0 NOT NULL,
	"pending_count" bigint DEFAULT 0 NOT NULL,
	"pending_piastres" bigint DEFAULT 0 NOT NULL,
	"oldest_pending" date,
	CONSTRAINT "ledger_subscription_totals_subscription_id_user_id_pk" PRIMARY KEY("subscription_id","user_id")
);
--> statement-breakpoint
CREATE INDEX "ledger_day_totals_day_idx" ON "ledger_day_totals" USING btree ("day","association_id");--> statement-breakpoint
CREATE INDEX "ledger_month_totals_month_idx" ON "ledger_month_totals" USING btree ("month","association_id");--> statement-breakpoint
CREATE INDEX "ledger_subscription_totals_association_idx" ON "ledger_subscription_totals" USING btree ("association_id");--> statement-breakpoint
CREATE INDEX "ledger_subscription_totals_user_idx" ON "ledger_subscription_totals" USING btree ("user_id");