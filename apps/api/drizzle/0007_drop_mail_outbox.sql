-- Mail still waiting in the old outbox moves to the jobs table as jobs of kind "mail".
INSERT INTO "jobs" ("kind", "payload", "user_id", "status", "attempts", "run_at", "last_error", "created_at")
  SELECT 'mail',
         jsonb_build_object('mailKind', "kind", 'to', "to_address", 'locale', "locale", 'subject', "subject",
                            'text', "text_body", 'html', "html_body", 'link', "link"),
         "user_id", 'pending', "attempts", "next_attempt_at", "last_error", "created_at"
    FROM "mail_outbox" WHERE "status" = 'pending';--> statement-breakpoint
DROP TABLE "mail_outbox" CASCADE;