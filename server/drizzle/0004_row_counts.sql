-- Exact row counts of the two tables whose admin lists grow to millions of rows, kept by
-- statement-level triggers, so that an unfiltered list's total is one indexed read instead of a
-- count(*) over the whole table (100 ms at a million certificates).
CREATE TABLE "row_counts" (
	"table_name" text PRIMARY KEY NOT NULL,
	"n" bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO "row_counts" ("table_name", "n")
SELECT 'users', count(*) FROM "users"
UNION ALL
SELECT 'certificates', count(*) FROM "certificates";
--> statement-breakpoint
CREATE FUNCTION "row_counts_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "row_counts" SET "n" = "n" + (SELECT count(*) FROM "added") WHERE "table_name" = TG_TABLE_NAME;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "row_counts_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "row_counts" SET "n" = "n" - (SELECT count(*) FROM "removed") WHERE "table_name" = TG_TABLE_NAME;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "row_counts_emptied"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "row_counts" SET "n" = 0 WHERE "table_name" = TG_TABLE_NAME;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_counted_insert" AFTER INSERT ON "users" REFERENCING NEW TABLE AS "added" FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_added"();
--> statement-breakpoint
CREATE TRIGGER "users_counted_delete" AFTER DELETE ON "users" REFERENCING OLD TABLE AS "removed" FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_removed"();
--> statement-breakpoint
CREATE TRIGGER "users_counted_truncate" AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_emptied"();
--> statement-breakpoint
CREATE TRIGGER "certificates_counted_insert" AFTER INSERT ON "certificates" REFERENCING NEW TABLE AS "added" FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_added"();
--> statement-breakpoint
CREATE TRIGGER "certificates_counted_delete" AFTER DELETE ON "certificates" REFERENCING OLD TABLE AS "removed" FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_removed"();
--> statement-breakpoint
CREATE TRIGGER "certificates_counted_truncate" AFTER TRUNCATE ON "certificates" FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_emptied"();
