CREATE INDEX "certificates_created_at_id_idx" ON "certificates" USING btree ("created_at","id");
