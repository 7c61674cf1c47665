-- A credential signed with validFrom after validUntil (a certificate recorded after its valid-till
-- date, before that was fixed) is one no verifier accepts (VC Data Model 2.0 §4.9): it is dropped
-- here, once, and signed again by the background signer like any unsigned row. The signer used
-- to look for such rows in every batch, which read every stored credential each time.
UPDATE "certificates" SET "credential" = NULL
WHERE "credential" ->> 'validUntil' < "credential" ->> 'validFrom';
--> statement-breakpoint
CREATE INDEX "certificates_unsigned_idx" ON "certificates" USING btree ("id") WHERE "certificates"."credential" is null;
