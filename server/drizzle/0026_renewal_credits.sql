ALTER TABLE "certificates" ADD COLUMN "credits_earned" double precision;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "credits_available" double precision;