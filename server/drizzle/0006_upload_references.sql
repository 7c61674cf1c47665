CREATE INDEX "certificates_download_link_idx" ON "certificates" USING btree ("download_link") WHERE "certificates"."download_link" <> '';--> statement-breakpoint
CREATE INDEX "reports_image_url_idx" ON "reports" USING btree ("image_url") WHERE "reports"."image_url" <> '';--> statement-breakpoint
CREATE INDEX "reports_video_url_idx" ON "reports" USING btree ("video_url") WHERE "reports"."video_url" <> '';--> statement-breakpoint
CREATE INDEX "users_picture_idx" ON "users" USING btree ("picture") WHERE "users"."picture" <> '';