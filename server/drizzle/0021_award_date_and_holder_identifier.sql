-- Issue 31 (decision 0036): the day a certificate was awarded, apart from when its record was
-- made. Every certificate on record keeps the day it shows as issued today: its creation.
ALTER TABLE "certificates" ADD COLUMN "awarded_on" timestamp with time zone;--> statement-breakpoint
UPDATE "certificates" SET "awarded_on" = "created_at";--> statement-breakpoint
ALTER TABLE "certificates" ALTER COLUMN "awarded_on" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "certificates" ALTER COLUMN "awarded_on" SET NOT NULL;--> statement-breakpoint
-- Finding F15 (decision 0036): the credential names its holder by the certificate number unless
-- the holder asks for the e-mail hash.
ALTER TABLE "certificates" ADD COLUMN "identify_by_email" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Every stored credential states the old facts (no award date, the holder's e-mail hash): it is
-- dropped here and signed again by the background signer, as migration 0017 did. Until then a
-- verification signs the one it checks, and a download the one it serves.
UPDATE "certificates" SET "credential" = NULL WHERE "credential" IS NOT NULL;
