ALTER TABLE "sessions" ADD COLUMN "step_up_factor_added_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_enabled_at" timestamp with time zone;