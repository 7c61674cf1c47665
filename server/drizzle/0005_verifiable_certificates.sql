-- Issue 11: certificates belong to people, by id, and anyone can verify them.
-- Columns added with a volatile default (verification_id, status_index) get a distinct value per
-- existing row, since PostgreSQL evaluates such a default for each row it rewrites.
CREATE SEQUENCE "public"."certificate_status_index_seq" INCREMENT BY 1 MINVALUE 0 MAXVALUE 9223372036854775807 START WITH 0 CACHE 1;--> statement-breakpoint
CREATE TABLE "issuer_keys" (
	"public_key_multibase" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "status_lists" (
	"list" integer NOT NULL,
	"purpose" text NOT NULL,
	"bits" "bytea" NOT NULL,
	"credential" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "status_lists_list_purpose_pk" PRIMARY KEY("list","purpose")
);
--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "holder_id" uuid;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "holder_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "verification_id" text DEFAULT rtrim(translate(encode(decode(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex'), 'base64'), '+/', '-_'), '=') NOT NULL;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "status_index" integer DEFAULT nextval('certificate_status_index_seq') NOT NULL;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "revocation_reason" text;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "credential" jsonb;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "verification_views" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_holder_id_users_id_fk" FOREIGN KEY ("holder_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "certificates_holder_id_valid_till_idx" ON "certificates" USING btree ("holder_id","valid_till","id");--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_verification_id_key" ON "certificates" USING btree ("verification_id");--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_status_index_key" ON "certificates" USING btree ("status_index");--> statement-breakpoint
-- A certificate on record is claimed by the verified account with its e-mail; the holder's name
-- goes on it where the board gave none. Unverified accounts claim theirs when they verify.
UPDATE "certificates" AS c
SET "holder_id" = u."id",
	"claimed_at" = now(),
	"holder_name" = CASE WHEN c."holder_name" = '' THEN u."name" ELSE c."holder_name" END
FROM "users" AS u
WHERE u."email" = c."user_email" AND u."is_verified";
--> statement-breakpoint
UPDATE "certificates" SET "suspended_at" = "updated_at" WHERE "status" = 'Inactive';
