-- The newest-first indexes were made "id DESC NULLS LAST", and every query that reads them orders by
-- "id desc", which is NULLS FIRST: PostgreSQL could not take the index's order for it. The bell
-- sorted all of a user's notifications for its ten newest, or walked the primary key backwards until
-- ten of theirs came by: 4.3 s for the administrator of the DESIGN §5 data set (318,811
-- notifications), against 0.09 ms on an index in the query's order. Ids are never null, so the
-- rows are the same; the indexes are remade in the order the queries ask for.
DROP INDEX "contact_messages_status_idx";--> statement-breakpoint
DROP INDEX "notifications_user_idx";--> statement-breakpoint
DROP INDEX "terms_versions_lang_idx";--> statement-breakpoint
DROP INDEX "tickets_status_idx";--> statement-breakpoint
DROP INDEX "tickets_user_idx";--> statement-breakpoint
CREATE INDEX "contact_messages_status_idx" ON "contact_messages" USING btree ("status","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "terms_versions_lang_idx" ON "terms_versions" USING btree ("lang","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "tickets_status_idx" ON "tickets" USING btree ("status","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "tickets_user_idx" ON "tickets" USING btree ("user_id","id" DESC NULLS FIRST);