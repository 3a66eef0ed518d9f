CREATE TABLE `store_memberships` (
	`user_id` text NOT NULL,
	`store_id` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`user_id`, `store_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`store_id`) REFERENCES `stores`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `store_memberships_store_idx` ON `store_memberships` (`store_id`);--> statement-breakpoint
ALTER TABLE `gas_price_reports` ADD `payment` text;--> statement-breakpoint
ALTER TABLE `price_reports` ADD `price_type` text DEFAULT 'regular' NOT NULL;--> statement-breakpoint
ALTER TABLE `price_reports` ADD `sale_ends` text;--> statement-breakpoint
ALTER TABLE `price_reports` ADD `multi_quantity` integer;--> statement-breakpoint
ALTER TABLE `price_reports` ADD `multi_price_cents` integer;--> statement-breakpoint
CREATE INDEX `price_reports_sale_ends_idx` ON `price_reports` (`sale_ends`) WHERE "price_reports"."sale_ends" IS NOT NULL AND "price_reports"."is_expired" = 0;--> statement-breakpoint
CREATE INDEX `price_reports_offer_idx` ON `price_reports` (`normalized_name`,`category_id`,`loc_token`,`store_id`,`price_type`,`created_at`,`flag_weight`,`is_unusual`,`confirm_weight`) WHERE "price_reports"."is_active" = 1 AND "price_reports"."is_expired" = 0 AND "price_reports"."is_discredited" = 0;