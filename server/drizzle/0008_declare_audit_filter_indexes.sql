-- Migration 0002 made these indexes without declaring them in schema.ts; now they are declared.
-- IF NOT EXISTS: every database that ran 0002 has them already.
CREATE INDEX IF NOT EXISTS "audit_log_action_created_at_idx" ON "audit_log" USING btree ("action","created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audit_log_actor_email_trgm_idx" ON "audit_log" USING gin ("actor_email" gin_trgm_ops);
