CREATE TABLE `api_tokens` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`token_hash` text NOT NULL,
	`hint` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`last_used_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `api_tokens_token_hash_unique` ON `api_tokens` (`token_hash`);--> statement-breakpoint
CREATE INDEX `api_tokens_user_idx` ON `api_tokens` (`user_id`);--> statement-breakpoint
ALTER TABLE `users` ADD `source` text;--> statement-breakpoint
ALTER TABLE `gas_price_reports` ADD `source_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `gas_reports_source_key_unique` ON `gas_price_reports` (`source_key`) WHERE "gas_price_reports"."source_key" IS NOT NULL;--> statement-breakpoint
ALTER TABLE `gas_stations` ADD `source_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `gas_stations_source_key_unique` ON `gas_stations` (`source_key`) WHERE "gas_stations"."source_key" IS NOT NULL;--> statement-breakpoint
ALTER TABLE `price_reports` ADD `source_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `price_reports_source_key_unique` ON `price_reports` (`source_key`) WHERE "price_reports"."source_key" IS NOT NULL;--> statement-breakpoint
ALTER TABLE `stores` ADD `source_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `stores_source_key_unique` ON `stores` (`source_key`) WHERE "stores"."source_key" IS NOT NULL;