DROP INDEX "certificates_certificate_no_index";--> statement-breakpoint
DROP INDEX "users_email_key";--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "deleted_by" uuid;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "deleted_by" uuid;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "deleted_by" uuid;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "deleted_by" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_by" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_certificate_no_key" ON "certificates" USING btree ("certificate_no") WHERE "certificates"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "certificates_deleted_at_idx" ON "certificates" USING btree ("deleted_at") WHERE "certificates"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "jobs_deleted_at_idx" ON "jobs" USING btree ("deleted_at") WHERE "jobs"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "notifications_deleted_at_idx" ON "notifications" USING btree ("deleted_at") WHERE "notifications"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "reports_deleted_at_idx" ON "reports" USING btree ("deleted_at") WHERE "reports"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "users_deleted_at_idx" ON "users" USING btree ("deleted_at") WHERE "users"."deleted_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email") WHERE "users"."deleted_at" is null;--> statement-breakpoint
-- Issue 16 (decision 0017): row_counts counts live rows only. A move to the trash or a restore is
-- an UPDATE of deleted_at, so an update trigger adds what became live and takes away what left.
CREATE OR REPLACE FUNCTION "row_counts_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "row_counts" SET "n" = "n" + (SELECT count(*) FROM "added" WHERE "deleted_at" IS NULL) WHERE "table_name" = TG_TABLE_NAME;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "row_counts_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "row_counts" SET "n" = "n" - (SELECT count(*) FROM "removed" WHERE "deleted_at" IS NULL) WHERE "table_name" = TG_TABLE_NAME;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "row_counts_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	delta bigint;
BEGIN
	SELECT (SELECT count(*) FROM "added" WHERE "deleted_at" IS NULL) - (SELECT count(*) FROM "removed" WHERE "deleted_at" IS NULL) INTO delta;
	IF delta <> 0 THEN
		UPDATE "row_counts" SET "n" = "n" + delta WHERE "table_name" = TG_TABLE_NAME;
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_counted_update" AFTER UPDATE ON "users" REFERENCING OLD TABLE AS "removed" NEW TABLE AS "added" FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_changed"();
--> statement-breakpoint
CREATE TRIGGER "certificates_counted_update" AFTER UPDATE ON "certificates" REFERENCING OLD TABLE AS "removed" NEW TABLE AS "added" FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_changed"();
