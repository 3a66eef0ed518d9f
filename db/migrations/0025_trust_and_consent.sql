CREATE TABLE `instance_settings` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);--> statement-breakpoint
CREATE TABLE `user_notices` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`market` text NOT NULL,
	`report_id` integer NOT NULL,
	`message` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`read_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);--> statement-breakpoint
CREATE INDEX `user_notices_user_idx` ON `user_notices` (`user_id`,`created_at`);--> statement-breakpoint
DROP INDEX `gas_reports_price_history_idx`;--> statement-breakpoint
ALTER TABLE `gas_price_reports` ADD `confirm_weight` real DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `gas_price_reports` ADD `flag_weight` real DEFAULT 0 NOT NULL;--> statement-breakpoint
DROP INDEX `price_reports_price_history_idx`;--> statement-breakpoint
ALTER TABLE `price_reports` ADD `confirm_weight` real DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `price_reports` ADD `flag_weight` real DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `credit_open_data` integer DEFAULT false NOT NULL;--> statement-breakpoint
-- Feedback given before standing was weighed keeps the weight it had: one per shopper.
UPDATE `price_reports` SET `confirm_weight` = `confirm_count`, `flag_weight` = `flag_count` WHERE `confirm_count` > 0 OR `flag_count` > 0;--> statement-breakpoint
UPDATE `gas_price_reports` SET `confirm_weight` = `confirm_count`, `flag_weight` = `flag_count` WHERE `confirm_count` > 0 OR `flag_count` > 0;--> statement-breakpoint
-- The price histories read trust by weight from the index alone, as they read it by count before.
CREATE INDEX `gas_reports_price_history_idx` ON `gas_price_reports` (`station_id`,`fuel_type`,`created_at`,`price_mills`,`flag_weight`,`is_unusual`,`confirm_weight`) WHERE "gas_price_reports"."is_active" = 1 AND "gas_price_reports"."is_discredited" = 0;--> statement-breakpoint
CREATE INDEX `price_reports_price_history_idx` ON `price_reports` (`normalized_name`,`category_id`,`loc_token`,`created_at`,`price_cents`,`store_id`,`flag_weight`,`is_unusual`,`confirm_weight`) WHERE "price_reports"."is_active" = 1 AND "price_reports"."is_discredited" = 0;
