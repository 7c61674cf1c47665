CREATE SEQUENCE "public"."credential_copy_seq" INCREMENT BY 1 MINVALUE 0 MAXVALUE 9223372036854775807 START WITH 0 CACHE 1;--> statement-breakpoint
CREATE TABLE "credential_copies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"certificate_id" uuid,
	"number" integer NOT NULL,
	"credential_id" text NOT NULL,
	"status_list" integer NOT NULL,
	"status_position" integer NOT NULL,
	"suspension_entry" boolean DEFAULT false NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revocation_reason" text
);
--> statement-breakpoint
ALTER TABLE "credential_copies" ADD CONSTRAINT "credential_copies_certificate_id_certificates_id_fk" FOREIGN KEY ("certificate_id") REFERENCES "public"."certificates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credential_copies_place_key" ON "credential_copies" USING btree ("status_list","status_position");--> statement-breakpoint
CREATE UNIQUE INDEX "credential_copies_certificate_number_key" ON "credential_copies" USING btree ("certificate_id","number");--> statement-breakpoint
CREATE INDEX "credential_copies_revocation_due_idx" ON "credential_copies" USING btree ("id") WHERE "credential_copies"."revoked_at" is null and "credential_copies"."revocation_reason" is not null;--> statement-breakpoint
-- Decision 0037: each credential signed so far becomes its certificate's copy 1, at the place its
-- status index gave it (position = index × 48271 mod 2^17, in list index / 2^17 + 1), naming a
-- suspension list too. Copies of certificates that no longer stand (revoked, Inactive, in the
-- trash) are marked for revocation; SQL cannot sign a list, so the start-up run sets their bits.
INSERT INTO "credential_copies" ("certificate_id", "number", "credential_id", "status_list", "status_position",
  "suspension_entry", "issued_at", "revocation_reason")
SELECT "id", 1, coalesce("credential"->>'id', ''), "status_index" / 131072 + 1,
  (("status_index" % 131072)::bigint * 48271 % 131072)::integer, true, "updated_at",
  CASE WHEN "revoked_at" IS NOT NULL THEN 'revoked' WHEN "deleted_at" IS NOT NULL THEN 'deleted'
    WHEN "status" = 'Inactive' THEN 'suspended' END
FROM "certificates" WHERE "credential" IS NOT NULL;--> statement-breakpoint
-- New copies start in the list after the last one a status index reached.
SELECT setval('credential_copy_seq', coalesce((SELECT (max("status_index") / 131072 + 1) * 65536 FROM "certificates"), 0), false);
