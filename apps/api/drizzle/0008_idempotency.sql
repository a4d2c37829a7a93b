CREATE TABLE "idempotency_keys" (
	"key" varchar(100) NOT NULL,
	"scope" varchar(80) NOT NULL,
	"route" varchar(200) NOT NULL,
	"status" smallint,
	"body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_scope_key_pk" PRIMARY KEY("scope","key")
);
--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");