-- Before a photo file is removed, every table is asked whether a row still names it. Without these, that was a
-- scan of every report (about 270 ms at a million, holding the write lock). Partial: only rows with a photo.
CREATE INDEX `gas_reports_image_idx` ON `gas_price_reports` (`image_url`) WHERE "gas_price_reports"."image_url" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `price_reports_image_idx` ON `price_reports` (`image_url`) WHERE "price_reports"."image_url" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `users_profile_image_idx` ON `users` (`profile_image_url`) WHERE "users"."profile_image_url" IS NOT NULL;