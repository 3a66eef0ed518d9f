CREATE TABLE `deal_takes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`price_report_id` integer NOT NULL,
	`savings_cents` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`price_report_id`) REFERENCES `price_reports`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `deal_takes_user_report_unique` ON `deal_takes` (`user_id`,`price_report_id`);--> statement-breakpoint
CREATE INDEX `deal_takes_report_idx` ON `deal_takes` (`price_report_id`);--> statement-breakpoint
CREATE TABLE `gas_price_reports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`station_id` integer NOT NULL,
	`fuel_type` text NOT NULL,
	`price_mills` integer NOT NULL,
	`def_price_cents` integer,
	`vacation_mode` integer DEFAULT false NOT NULL,
	`report_zip_code` text(10),
	`verification_confidence` real,
	`verification_reason` text,
	`is_active` integer DEFAULT true NOT NULL,
	`is_expired` integer DEFAULT false NOT NULL,
	`expired_at` integer,
	`expired_reason` text,
	`image_url` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`station_id`) REFERENCES `gas_stations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `gas_reports_user_idx` ON `gas_price_reports` (`user_id`);--> statement-breakpoint
CREATE INDEX `gas_reports_station_fuel_idx` ON `gas_price_reports` (`station_id`,`fuel_type`,`created_at`);--> statement-breakpoint
CREATE INDEX `gas_reports_created_idx` ON `gas_price_reports` (`created_at`);--> statement-breakpoint
CREATE TABLE `gas_stations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`address` text NOT NULL,
	`zip_code` text(10),
	`phone` text,
	`regular_price_mills` integer,
	`premium_price_mills` integer,
	`diesel_price_mills` integer,
	`e85_price_mills` integer,
	`electric_price_mills` integer,
	`reports_count` integer DEFAULT 0 NOT NULL,
	`last_updated` integer,
	`lookup_key` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `gas_stations_zip_lookup_unique` ON `gas_stations` (`zip_code`,`lookup_key`);--> statement-breakpoint
CREATE TABLE `price_alerts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`product_name` text NOT NULL,
	`category_id` integer,
	`target_price_cents` integer NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`zip_code` text(10),
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`last_notified` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`category_id`) REFERENCES `product_categories`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `price_alerts_user_idx` ON `price_alerts` (`user_id`);--> statement-breakpoint
CREATE TABLE `price_reports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`store_id` integer NOT NULL,
	`product_name` text NOT NULL,
	`normalized_name` text NOT NULL,
	`price_cents` integer NOT NULL,
	`category_id` integer NOT NULL,
	`tags` text DEFAULT '[]' NOT NULL,
	`description` text,
	`availability` text DEFAULT 'in-stock' NOT NULL,
	`vacation_mode` integer DEFAULT false NOT NULL,
	`report_zip_code` text(10),
	`zip_code` text(10) NOT NULL,
	`loc_token` text NOT NULL,
	`upvotes` integer DEFAULT 0 NOT NULL,
	`verification_confidence` real,
	`verification_reason` text,
	`is_active` integer DEFAULT true NOT NULL,
	`is_expired` integer DEFAULT false NOT NULL,
	`expired_at` integer,
	`expired_reason` text,
	`image_url` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`store_id`) REFERENCES `stores`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`category_id`) REFERENCES `product_categories`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `price_reports_user_idx` ON `price_reports` (`user_id`);--> statement-breakpoint
CREATE INDEX `price_reports_store_idx` ON `price_reports` (`store_id`);--> statement-breakpoint
CREATE INDEX `price_reports_category_idx` ON `price_reports` (`category_id`);--> statement-breakpoint
CREATE INDEX `price_reports_product_loc_idx` ON `price_reports` (`normalized_name`,`loc_token`);--> statement-breakpoint
CREATE INDEX `price_reports_user_store_idx` ON `price_reports` (`user_id`,`store_id`);--> statement-breakpoint
CREATE TABLE `product_categories` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`slug` text NOT NULL,
	`description` text,
	`parent_category_id` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`parent_category_id`) REFERENCES `product_categories`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `product_categories_name_unique` ON `product_categories` (`name`);--> statement-breakpoint
CREATE UNIQUE INDEX `product_categories_slug_unique` ON `product_categories` (`slug`);--> statement-breakpoint
CREATE TABLE `product_tags` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`slug` text NOT NULL,
	`category_id` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`category_id`) REFERENCES `product_categories`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `product_tags_category_slug_unique` ON `product_tags` (`category_id`,`slug`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`sid` text PRIMARY KEY NOT NULL,
	`sess` text NOT NULL,
	`expire` integer NOT NULL,
	`user_id` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE INDEX `sessions_expire_idx` ON `sessions` (`expire`);--> statement-breakpoint
CREATE TABLE `stores` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`address` text NOT NULL,
	`phone` text,
	`zip_code` text(10),
	`lookup_key` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `stores_zip_lookup_unique` ON `stores` (`zip_code`,`lookup_key`);--> statement-breakpoint
CREATE TABLE `user_upvotes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`price_report_id` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`price_report_id`) REFERENCES `price_reports`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `user_upvotes_user_report_unique` ON `user_upvotes` (`user_id`,`price_report_id`);--> statement-breakpoint
CREATE INDEX `user_upvotes_report_idx` ON `user_upvotes` (`price_report_id`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`username` text NOT NULL,
	`password` text NOT NULL,
	`first_name` text,
	`last_name` text,
	`zip_code` text(10),
	`profile_image_url` text,
	`stats_visible` integer DEFAULT true NOT NULL,
	`profile_visible` integer DEFAULT true NOT NULL,
	`total_reports` integer DEFAULT 0 NOT NULL,
	`total_money_saved_cents` integer DEFAULT 0 NOT NULL,
	`unique_stores_visited` integer DEFAULT 0 NOT NULL,
	`preferred_fuel_type` text(20) DEFAULT 'regular' NOT NULL,
	`is_terminated` integer DEFAULT false NOT NULL,
	`termination_reason` text,
	`terminated_at` integer,
	`terminated_by` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_username_lower_unique` ON `users` (lower("username"));