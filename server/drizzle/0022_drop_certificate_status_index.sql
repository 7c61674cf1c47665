DROP INDEX "certificates_status_index_key";--> statement-breakpoint
ALTER TABLE "certificates" DROP COLUMN "status_index";--> statement-breakpoint
DROP SEQUENCE "public"."certificate_status_index_seq";