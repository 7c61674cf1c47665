CREATE TABLE "ce_activities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"certificate_id" uuid NOT NULL,
	"title" text NOT NULL,
	"provider" text NOT NULL,
	"completed_on" date NOT NULL,
	"hours" double precision NOT NULL,
	"category" text NOT NULL,
	"evidence_url" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'Pending' NOT NULL,
	"rejection_reason" text DEFAULT '' NOT NULL,
	"application_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "renewal_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"certificate_id" uuid NOT NULL,
	"user_id" uuid,
	"status" text NOT NULL,
	"counted_hours" double precision NOT NULL,
	"valid_till" timestamp with time zone NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"reason" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "cycle_starts_on" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ce_activities" ADD CONSTRAINT "ce_activities_certificate_id_certificates_id_fk" FOREIGN KEY ("certificate_id") REFERENCES "public"."certificates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ce_activities" ADD CONSTRAINT "ce_activities_application_id_renewal_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."renewal_applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewal_applications" ADD CONSTRAINT "renewal_applications_certificate_id_certificates_id_fk" FOREIGN KEY ("certificate_id") REFERENCES "public"."certificates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewal_applications" ADD CONSTRAINT "renewal_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ce_activities_certificate_completed_idx" ON "ce_activities" USING btree ("certificate_id","completed_on");--> statement-breakpoint
CREATE INDEX "ce_activities_application_idx" ON "ce_activities" USING btree ("application_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ce_activities_once_key" ON "ce_activities" USING btree ("certificate_id",lower("title"),lower("provider"),"completed_on");--> statement-breakpoint
CREATE INDEX "ce_activities_evidence_idx" ON "ce_activities" USING btree ("evidence_url") WHERE "ce_activities"."evidence_url" <> '';--> statement-breakpoint
CREATE UNIQUE INDEX "renewal_applications_one_open_key" ON "renewal_applications" USING btree ("certificate_id") WHERE "renewal_applications"."status" in ('Submitted', 'Audit');--> statement-breakpoint
CREATE INDEX "renewal_applications_status_submitted_idx" ON "renewal_applications" USING btree ("status","submitted_at","id");