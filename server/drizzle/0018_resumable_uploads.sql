-- Issue 30, F3: unfinished resumable uploads, so that their declared lengths count against the
-- upload allowances from creation on (their bytes are staged on disk, which no query reads).
CREATE TABLE "resumable_uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"length" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "resumable_uploads" ADD CONSTRAINT "resumable_uploads_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "resumable_uploads_owner_id_index" ON "resumable_uploads" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "resumable_uploads_created_at_index" ON "resumable_uploads" USING btree ("created_at");