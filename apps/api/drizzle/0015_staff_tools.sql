CREATE TABLE "archive_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "archive_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"parent_id" integer,
	"kind" varchar(6) NOT NULL,
	"short_name" varchar(100) NOT NULL,
	"name" varchar(255) NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"content" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"storage_key" varchar(80),
	"size" bigint,
	"mime" varchar(120),
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "archive_items_kind_check" CHECK ("archive_items"."kind" in ('folder', 'file')),
	CONSTRAINT "archive_items_file_check" CHECK (("archive_items"."kind" = 'file') = ("archive_items"."storage_key" is not null)),
	CONSTRAINT "archive_items_not_own_parent" CHECK ("archive_items"."parent_id" is distinct from "archive_items"."id")
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contact_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" varchar(150) NOT NULL,
	"email" varchar(190) NOT NULL,
	"phone" varchar(12),
	"subject" varchar(150) NOT NULL,
	"message" text NOT NULL,
	"locale" varchar(2) DEFAULT 'ar' NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"reply" text,
	"replied_by" integer,
	"replied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_messages_status_check" CHECK ("contact_messages"."status" in (0, 1)),
	CONSTRAINT "contact_messages_reply_check" CHECK (("contact_messages"."status" = 1) = ("contact_messages"."reply" is not null)),
	CONSTRAINT "contact_messages_length" CHECK (char_length("contact_messages"."message") between 1 and 5000)
);
--> statement-breakpoint
CREATE TABLE "terms_versions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "terms_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lang" varchar(2) NOT NULL,
	"body" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "terms_versions_lang_check" CHECK ("terms_versions"."lang" in ('ar', 'en')),
	CONSTRAINT "terms_versions_body_length" CHECK (char_length("terms_versions"."body") <= 20000)
);
--> statement-breakpoint
CREATE TABLE "ticket_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ticket_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ticket_id" integer NOT NULL,
	"author_id" integer,
	"from_staff" boolean NOT NULL,
	"body" text NOT NULL,
	"file_key" varchar(80),
	"file_name" varchar(255),
	"file_mime" varchar(120),
	"file_size" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_messages_body_length" CHECK (char_length("ticket_messages"."body") between 1 and 5000),
	CONSTRAINT "ticket_messages_file_check" CHECK (("ticket_messages"."file_key" is null) = ("ticket_messages"."file_name" is null) and ("ticket_messages"."file_key" is null) = ("ticket_messages"."file_size" is null))
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tickets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"subject" varchar(150) NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tickets_status_check" CHECK ("tickets"."status" in (0, 1, 2)),
	CONSTRAINT "tickets_closed_check" CHECK (("tickets"."status" = 2) = ("tickets"."closed_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "terms_version_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "terms_accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "archive_items" ADD CONSTRAINT "archive_items_parent_id_archive_items_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."archive_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "archive_items" ADD CONSTRAINT "archive_items_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_replied_by_users_id_fk" FOREIGN KEY ("replied_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terms_versions" ADD CONSTRAINT "terms_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_messages" ADD CONSTRAINT "ticket_messages_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_messages" ADD CONSTRAINT "ticket_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "archive_items_sibling_name_key" ON "archive_items" USING btree (coalesce("parent_id", 0),lower("short_name"));--> statement-breakpoint
CREATE INDEX "archive_items_parent_idx" ON "archive_items" USING btree ("parent_id","sort_order","id");--> statement-breakpoint
CREATE INDEX "contact_messages_status_idx" ON "contact_messages" USING btree ("status","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "terms_versions_lang_idx" ON "terms_versions" USING btree ("lang","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ticket_messages_ticket_idx" ON "ticket_messages" USING btree ("ticket_id","id");--> statement-breakpoint
CREATE INDEX "tickets_status_idx" ON "tickets" USING btree ("status","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tickets_user_idx" ON "tickets" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
-- A customer's acceptance names a terms text that exists (the version is kept when a newer one is saved).
ALTER TABLE "users" ADD CONSTRAINT "users_terms_version_id_fk" FOREIGN KEY ("terms_version_id") REFERENCES "public"."terms_versions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
-- The audit trigger (0001, 0004): terms, tickets, contact messages and the archive are changed by people.
CREATE TRIGGER terms_versions_audit AFTER INSERT OR UPDATE OR DELETE ON terms_versions
  FOR EACH ROW EXECUTE FUNCTION audit_row_change();--> statement-breakpoint
CREATE TRIGGER tickets_audit AFTER INSERT OR UPDATE OR DELETE ON tickets
  FOR EACH ROW EXECUTE FUNCTION audit_row_change();--> statement-breakpoint
CREATE TRIGGER ticket_messages_audit AFTER INSERT OR UPDATE OR DELETE ON ticket_messages
  FOR EACH ROW EXECUTE FUNCTION audit_row_change();--> statement-breakpoint
CREATE TRIGGER contact_messages_audit AFTER INSERT OR UPDATE OR DELETE ON contact_messages
  FOR EACH ROW EXECUTE FUNCTION audit_row_change();--> statement-breakpoint
CREATE TRIGGER archive_items_audit AFTER INSERT OR UPDATE OR DELETE ON archive_items
  FOR EACH ROW EXECUTE FUNCTION audit_row_change();
