CREATE TABLE "email_throttles" (
	"email_hash" text PRIMARY KEY NOT NULL,
	"failed_logins" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"signup_notice_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "email_throttles_updated_at_index" ON "email_throttles" USING btree ("updated_at");--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "failed_logins";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "locked_until";--> statement-breakpoint
-- Issue 12: a name is one line. Names stored before the contract cleaned them are cleaned here as
-- the contract does (contract/src/patterns.ts singleLine). Certificate names are left alone: their
-- signed credentials state them, and an admin's edit re-signs and cleans them.
UPDATE "users" SET "name" = btrim(regexp_replace("name", '[\u0001-\u001f\u007f-\u009f\u2028\u2029[:space:]]+', ' ', 'g')) WHERE "name" ~ '[\u0001-\u001f\u007f-\u009f\u2028\u2029]';
