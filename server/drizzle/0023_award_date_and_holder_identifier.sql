-- Issue 31 (decision 0036): the day a certificate was awarded, apart from when its record was
-- made. Every certificate on record keeps the day it shows as issued today: its creation.
ALTER TABLE "certificates" ADD COLUMN "awarded_on" timestamp with time zone;--> statement-breakpoint
UPDATE "certificates" SET "awarded_on" = "created_at";--> statement-breakpoint
ALTER TABLE "certificates" ALTER COLUMN "awarded_on" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "certificates" ALTER COLUMN "awarded_on" SET NOT NULL;--> statement-breakpoint
-- Finding F15 (decision 0036): a new credential names its holder by the certificate number unless
-- the holder asks for the e-mail hash. A copy signed before names them by the e-mail's hash, and a
-- copy never changes (decision 0037): its certificate is marked as identified by e-mail, so that
-- the copy still states the record and the holder sees what their credential says; choosing the
-- number issues a new copy.
ALTER TABLE "certificates" ADD COLUMN "identify_by_email" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "certificates" SET "identify_by_email" = true
WHERE "credential" -> 'credentialSubject' -> 'identifier' @> '[{"identityType": "emailAddress"}]';
