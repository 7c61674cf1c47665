-- Issue 31 (decision 0042): single-use, ten-minute offers of a credential to a wallet; only hashes of their secrets.
CREATE TABLE "wallet_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"certificate_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"token_hash" text NOT NULL,
	"challenge" text,
	"access_token_hash" text,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"issued_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wallet_offers" ADD CONSTRAINT "wallet_offers_certificate_id_certificates_id_fk" FOREIGN KEY ("certificate_id") REFERENCES "public"."certificates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_offers" ADD CONSTRAINT "wallet_offers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_offers_token_hash_key" ON "wallet_offers" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_offers_access_token_hash_key" ON "wallet_offers" USING btree ("access_token_hash");--> statement-breakpoint
CREATE INDEX "wallet_offers_certificate_id_index" ON "wallet_offers" USING btree ("certificate_id");--> statement-breakpoint
CREATE INDEX "wallet_offers_expires_at_index" ON "wallet_offers" USING btree ("expires_at");