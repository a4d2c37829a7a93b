CREATE TABLE "customer_request_files" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customer_request_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"request_id" integer NOT NULL,
	"content_type" varchar(40) NOT NULL,
	"title" varchar(255) NOT NULL,
	"storage_key" varchar(80) NOT NULL,
	"size" integer NOT NULL,
	"mime" varchar(120) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_request_files_size_check" CHECK ("customer_request_files"."size" > 0)
);
--> statement-breakpoint
ALTER TABLE "customer_requests" ADD COLUMN "identity_expiration_date" date;--> statement-breakpoint
ALTER TABLE "customer_requests" ADD COLUMN "tax_registration_number" varchar(12);--> statement-breakpoint
ALTER TABLE "customer_requests" ADD COLUMN "representative_type" varchar(30);--> statement-breakpoint
ALTER TABLE "customer_request_files" ADD CONSTRAINT "customer_request_files_request_id_customer_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."customer_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_request_files_request_idx" ON "customer_request_files" USING btree ("request_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_request_files_one_per_type" ON "customer_request_files" USING btree ("request_id","content_type") WHERE "customer_request_files"."content_type" <> 'additionalFile';