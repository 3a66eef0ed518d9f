DROP INDEX `price_reports_user_idx`;--> statement-breakpoint
DROP INDEX `price_reports_category_idx`;--> statement-breakpoint
DROP INDEX `price_reports_product_loc_idx`;--> statement-breakpoint
CREATE INDEX `price_reports_category_age_idx` ON `price_reports` (`category_id`,`is_expired`,`created_at`);--> statement-breakpoint
CREATE INDEX `price_reports_history_idx` ON `price_reports` (`normalized_name`,`category_id`,`loc_token`,`created_at`,`price_cents`) WHERE "price_reports"."is_active" = 1 AND "price_reports"."is_expired" = 0;--> statement-breakpoint
CREATE INDEX `gas_reports_live_idx` ON `gas_price_reports` (`station_id`,`fuel_type`,`created_at`,`price_mills`) WHERE "gas_price_reports"."is_active" = 1 AND "gas_price_reports"."is_expired" = 0;