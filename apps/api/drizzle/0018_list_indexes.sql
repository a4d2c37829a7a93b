CREATE INDEX "customer_requests_code_trgm_idx" ON "customer_requests" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customer_requests_name_trgm_idx" ON "customer_requests" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customer_requests_mobile_trgm_idx" ON "customer_requests" USING gin ("mobile" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customer_requests_email_trgm_idx" ON "customer_requests" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customer_requests_identity_trgm_idx" ON "customer_requests" USING gin ("identity_value" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "user_roles_role_idx" ON "user_roles" USING btree ("role_id","user_id");