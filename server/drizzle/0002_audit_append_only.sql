-- Hand-written (issue 13): the audit log is append-only for everyone who connects, the
-- application included. A trigger refuses UPDATE and DELETE row by row and TRUNCATE per
-- statement (PGlite and PostgreSQL alike); on PostgreSQL the privileges are revoked as well.
-- Removing old audit rows is a deliberate operator act: drop the triggers in a maintenance session.
CREATE OR REPLACE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = '42501';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "audit_log_no_update_delete" BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_append_only"();--> statement-breakpoint
-- The owner (the role the application and the migrations connect as) loses them too; a superuser
-- ignores privileges, which is why the triggers above are the guard that always holds.
REVOKE UPDATE, DELETE, TRUNCATE ON "audit_log" FROM PUBLIC, CURRENT_USER;--> statement-breakpoint
-- Index-backed filters of GET /api/audit-log (newest first): by action, and by part of the actor's e-mail.
CREATE INDEX "audit_log_action_created_at_idx" ON "audit_log" USING btree ("action","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_email_trgm_idx" ON "audit_log" USING gin ("actor_email" gin_trgm_ops);
