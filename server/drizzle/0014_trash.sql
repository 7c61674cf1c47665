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
--> statement-breakpoint
-- Issue 16 (decision 0017, amended 2026-11-25): until now two certificates could share a number,
-- and the unique index below would refuse such a database. Of each number one certificate stays:
-- the claimed one (a member's account holds it by id), then one not revoked, then the most
-- recently changed, then the most recently created, then the lowest id, so the choice is the same
-- on every run. The others go to the trash as an admin's delete would (deleted_by NULL: no one
-- did it), each with an audit row naming the one kept, so that an admin can inspect them and
-- restore one after renumbering it. Their revocation bits are set by the server at start
-- (credentials.revokeTrashed): a status list is signed, which SQL cannot do. This runs after the
-- update trigger above exists, so row_counts counts them out.
-- Editing this migration after it shipped is safe: drizzle-orm's migrator (pg-core/dialect.js,
-- migrate()) runs every migration whose journal `when` is later than the created_at of the last
-- one recorded in drizzle.__drizzle_migrations, and never compares the stored hashes; so a
-- database that already ran 0014 does not run it again, and one that did not runs this text.
WITH "ranked" AS (
	SELECT "id",
		first_value("id") OVER "by_number" AS "kept_id",
		row_number() OVER "by_number" AS "rank"
	FROM "certificates"
	WINDOW "by_number" AS (
		PARTITION BY "certificate_no"
		ORDER BY ("claimed_at" IS NOT NULL) DESC, ("revoked_at" IS NULL) DESC, "updated_at" DESC, "created_at" DESC, "id"
	)
), "moved" AS (
	UPDATE "certificates" SET "deleted_at" = now(), "deleted_by" = NULL
	FROM "ranked"
	WHERE "certificates"."id" = "ranked"."id" AND "ranked"."rank" > 1
	RETURNING "certificates".*, "ranked"."kept_id"
)
INSERT INTO "audit_log" ("action", "target_type", "target_id", "details")
SELECT 'certificate.delete', 'certificate', "moved"."id"::text, jsonb_build_object(
	'before', jsonb_build_object(
		'userEmail', "user_email",
		'certificateNo', "certificate_no",
		'name', "name",
		'status', "status",
		'validTill', to_char("valid_till" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
		'downloadLink', "download_link",
		'holderName', "holder_name"
	),
	'trash', true,
	'reason', 'Another certificate has the same number (migration 0014)',
	'kept', "kept_id"::text
)
FROM "moved";
--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_certificate_no_key" ON "certificates" USING btree ("certificate_no") WHERE "certificates"."deleted_at" is null;
