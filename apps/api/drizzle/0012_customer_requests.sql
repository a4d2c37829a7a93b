CREATE TABLE "customer_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customer_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" varchar(20) NOT NULL,
	"created_by" integer NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"service_id" integer NOT NULL,
	"service_duration_id" integer NOT NULL,
	"organization_type_id" integer NOT NULL,
	"identity_type_id" integer NOT NULL,
	"identity_value" varchar(30) NOT NULL,
	"name" varchar(150) NOT NULL,
	"email" varchar(150) NOT NULL,
	"mobile" varchar(12) NOT NULL,
	"address" text NOT NULL,
	"nationality_id" integer,
	"renewal" smallint DEFAULT 1 NOT NULL,
	"user_type" varchar(20) DEFAULT 'individual' NOT NULL,
	"branch_id" integer,
	"receiving_date" date,
	"assigned_to" integer,
	"removed" smallint DEFAULT 0 NOT NULL,
	"payment_amount_piastres" bigint,
	"payment_reference" varchar(100),
	"rejection_reason_id" integer,
	"rejection_note" text,
	"cancel_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_requests_code_unique" UNIQUE("code"),
	CONSTRAINT "customer_requests_status_check" CHECK ("customer_requests"."status" between 1 and 9),
	CONSTRAINT "customer_requests_removed_check" CHECK ("customer_requests"."removed" in (0, 1)),
	CONSTRAINT "customer_requests_renewal_check" CHECK ("customer_requests"."renewal" in (1, 2)),
	CONSTRAINT "customer_requests_payment_check" CHECK ("customer_requests"."payment_amount_piastres" is null or "customer_requests"."payment_amount_piastres" > 0)
);
--> statement-breakpoint
ALTER TABLE "customer_requests" ADD CONSTRAINT "customer_requests_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_requests" ADD CONSTRAINT "customer_requests_status_request_status_types_id_fk" FOREIGN KEY ("status") REFERENCES "public"."request_status_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_requests" ADD CONSTRAINT "customer_requests_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_requests" ADD CONSTRAINT "customer_requests_service_duration_id_service_durations_id_fk" FOREIGN KEY ("service_duration_id") REFERENCES "public"."service_durations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_requests" ADD CONSTRAINT "customer_requests_organization_type_id_organization_types_id_fk" FOREIGN KEY ("organization_type_id") REFERENCES "public"."organization_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_requests" ADD CONSTRAINT "customer_requests_identity_type_id_identity_types_id_fk" FOREIGN KEY ("identity_type_id") REFERENCES "public"."identity_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_requests" ADD CONSTRAINT "customer_requests_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_requests" ADD CONSTRAINT "customer_requests_assigned_to_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_requests" ADD CONSTRAINT "customer_requests_rejection_reason_id_rejection_reasons_id_fk" FOREIGN KEY ("rejection_reason_id") REFERENCES "public"."rejection_reasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_requests_list_idx" ON "customer_requests" USING btree ("removed","id");--> statement-breakpoint
CREATE INDEX "customer_requests_created_by_idx" ON "customer_requests" USING btree ("created_by","id");--> statement-breakpoint
CREATE INDEX "customer_requests_assigned_idx" ON "customer_requests" USING btree ("assigned_to","id");--> statement-breakpoint
CREATE INDEX "customer_requests_status_idx" ON "customer_requests" USING btree ("status");--> statement-breakpoint
-- The audit trigger (0001, 0004): every save, status change, payment and removal is logged.
CREATE TRIGGER customer_requests_audit AFTER INSERT OR UPDATE OR DELETE ON customer_requests
  FOR EACH ROW EXECUTE FUNCTION audit_row_change();
