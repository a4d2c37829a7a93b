CREATE TABLE "account_tokens" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "account_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"purpose" varchar(30) NOT NULL,
	"email" varchar(190) NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"code_hash" text,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_tokens_purpose_check" CHECK ("account_tokens"."purpose" in ('activation', 'recovery_activation', 'password_reset'))
);
--> statement-breakpoint
CREATE TABLE "recovery_accounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "recovery_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"status" varchar(20) NOT NULL,
	"ar_name" varchar(150) NOT NULL,
	"en_name" varchar(150) NOT NULL,
	"email" varchar(190) NOT NULL,
	"old_email" varchar(190),
	"mobile" varchar(12) NOT NULL,
	"national_id" varchar(14) NOT NULL,
	"university_degree_id" integer,
	"university_name" varchar(150),
	"organization_degree_id" integer,
	"organization_name" varchar(150),
	"degree_education_level_id" integer NOT NULL,
	"degree_qualification_id" integer NOT NULL,
	"degree_specification_id" integer,
	"experience" text,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"verified_at" timestamp with time zone,
	"verified_by" integer,
	CONSTRAINT "recovery_accounts_status_check" CHECK ("recovery_accounts"."status" in ('pending_activation', 'pending_review', 'verified'))
);
--> statement-breakpoint
CREATE TABLE "degree_qualifications" (
	"level_id" integer NOT NULL,
	"qualification_id" integer NOT NULL,
	CONSTRAINT "degree_qualifications_level_id_qualification_id_pk" PRIMARY KEY("level_id","qualification_id")
);
--> statement-breakpoint
CREATE TABLE "degree_specifications" (
	"qualification_id" integer NOT NULL,
	"specification_id" integer NOT NULL,
	CONSTRAINT "degree_specifications_qualification_id_specification_id_pk" PRIMARY KEY("qualification_id","specification_id")
);
--> statement-breakpoint
CREATE TABLE "registration_lookups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "registration_lookups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" varchar(30) NOT NULL,
	"name" varchar(150) NOT NULL,
	"name_local" varchar(150) NOT NULL,
	"parent_id" integer,
	"sort_order" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "registration_lookups_kind_check" CHECK (kind in ('degree', 'level', 'qualification', 'specification', 'pre_qualification', 'university', 'college', 'grade', 'government', 'place'))
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mail_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer,
	"kind" varchar(40) NOT NULL,
	"to_address" varchar(190) NOT NULL,
	"locale" varchar(2) NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text NOT NULL,
	"link" text,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "mail_outbox_status_check" CHECK ("mail_outbox"."status" in ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "locale" varchar(2) DEFAULT 'ar' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "data_completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "account_tokens" ADD CONSTRAINT "account_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recovery_accounts" ADD CONSTRAINT "recovery_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recovery_accounts" ADD CONSTRAINT "recovery_accounts_university_degree_id_registration_lookups_id_fk" FOREIGN KEY ("university_degree_id") REFERENCES "public"."registration_lookups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recovery_accounts" ADD CONSTRAINT "recovery_accounts_organization_degree_id_registration_lookups_id_fk" FOREIGN KEY ("organization_degree_id") REFERENCES "public"."registration_lookups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recovery_accounts" ADD CONSTRAINT "recovery_accounts_degree_education_level_id_registration_lookups_id_fk" FOREIGN KEY ("degree_education_level_id") REFERENCES "public"."registration_lookups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recovery_accounts" ADD CONSTRAINT "recovery_accounts_degree_qualification_id_registration_lookups_id_fk" FOREIGN KEY ("degree_qualification_id") REFERENCES "public"."registration_lookups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recovery_accounts" ADD CONSTRAINT "recovery_accounts_degree_specification_id_registration_lookups_id_fk" FOREIGN KEY ("degree_specification_id") REFERENCES "public"."registration_lookups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recovery_accounts" ADD CONSTRAINT "recovery_accounts_verified_by_users_id_fk" FOREIGN KEY ("verified_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "degree_qualifications" ADD CONSTRAINT "degree_qualifications_level_id_registration_lookups_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."registration_lookups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "degree_qualifications" ADD CONSTRAINT "degree_qualifications_qualification_id_registration_lookups_id_fk" FOREIGN KEY ("qualification_id") REFERENCES "public"."registration_lookups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "degree_specifications" ADD CONSTRAINT "degree_specifications_qualification_id_registration_lookups_id_fk" FOREIGN KEY ("qualification_id") REFERENCES "public"."registration_lookups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "degree_specifications" ADD CONSTRAINT "degree_specifications_specification_id_registration_lookups_id_fk" FOREIGN KEY ("specification_id") REFERENCES "public"."registration_lookups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_lookups" ADD CONSTRAINT "registration_lookups_parent_id_registration_lookups_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."registration_lookups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_tokens_hash_key" ON "account_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "account_tokens_user_idx" ON "account_tokens" USING btree ("user_id","purpose");--> statement-breakpoint
CREATE UNIQUE INDEX "recovery_accounts_user_key" ON "recovery_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "recovery_accounts_national_id_key" ON "recovery_accounts" USING btree ("national_id");--> statement-breakpoint
CREATE INDEX "recovery_accounts_status_idx" ON "recovery_accounts" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "registration_lookups_kind_name_key" ON "registration_lookups" USING btree ("kind","name");--> statement-breakpoint
CREATE INDEX "registration_lookups_kind_idx" ON "registration_lookups" USING btree ("kind","sort_order","id");--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("next_attempt_at","id") WHERE "mail_outbox"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "mail_outbox_user_idx" ON "mail_outbox" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_locale_check" CHECK ("users"."locale" in ('ar', 'en'));