-- Hand-added: the trigram operator classes below need pg_trgm (a trusted extension since PostgreSQL 13).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "certificates_name_trgm_idx" ON "certificates" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "certificates_certificate_no_trgm_idx" ON "certificates" USING gin ("certificate_no" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "certificates_user_email_trgm_idx" ON "certificates" USING gin ("user_email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_name_lower_idx" ON "users" USING btree (lower("name"),"id");