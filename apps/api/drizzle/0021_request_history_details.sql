ALTER TABLE "workflow_history" ADD COLUMN "payment_amount_piastres" bigint;--> statement-breakpoint
ALTER TABLE "workflow_history" ADD COLUMN "payment_reference" varchar(100);--> statement-breakpoint
ALTER TABLE "workflow_history" ADD COLUMN "rejection_reason_id" integer;--> statement-breakpoint
ALTER TABLE "workflow_history" ADD CONSTRAINT "workflow_history_rejection_reason_id_rejection_reasons_id_fk" FOREIGN KEY ("rejection_reason_id") REFERENCES "public"."rejection_reasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_history" ADD CONSTRAINT "workflow_history_payment_check" CHECK ("workflow_history"."payment_amount_piastres" is null or "workflow_history"."payment_amount_piastres" > 0);