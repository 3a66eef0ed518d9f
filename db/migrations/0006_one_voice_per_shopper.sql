-- One voice per shopper in the quality check's consensus: the history indexes carry the reporter, so the
-- check can count each shopper's newest price once (and not the reporter's own) without reading the table.
DROP INDEX `gas_reports_live_idx`;--> statement-breakpoint
CREATE INDEX `gas_reports_live_idx` ON `gas_price_reports` (`station_id`,`fuel_type`,`created_at`,`price_mills`,`user_id`) WHERE "gas_price_reports"."is_active" = 1 AND "gas_price_reports"."is_expired" = 0;--> statement-breakpoint
DROP INDEX `price_reports_history_idx`;--> statement-breakpoint
CREATE INDEX `price_reports_history_idx` ON `price_reports` (`normalized_name`,`category_id`,`loc_token`,`created_at`,`price_cents`,`user_id`) WHERE "price_reports"."is_active" = 1 AND "price_reports"."is_expired" = 0;