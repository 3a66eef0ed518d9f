CREATE TABLE `push_subscriptions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`session_id` text NOT NULL,
	`endpoint` text NOT NULL,
	`p256dh` text NOT NULL,
	`auth` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`session_id`) REFERENCES `sessions`(`sid`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `push_subscriptions_endpoint_unique` ON `push_subscriptions` (`endpoint`);--> statement-breakpoint
CREATE INDEX `push_subscriptions_user_idx` ON `push_subscriptions` (`user_id`);--> statement-breakpoint
CREATE INDEX `push_subscriptions_session_idx` ON `push_subscriptions` (`session_id`);--> statement-breakpoint
CREATE TABLE `starred_stations` (
	`user_id` text NOT NULL,
	`station_id` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`user_id`, `station_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`station_id`) REFERENCES `gas_stations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `starred_stations_station_idx` ON `starred_stations` (`station_id`);--> statement-breakpoint
CREATE TABLE `starred_stores` (
	`user_id` text NOT NULL,
	`store_id` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`user_id`, `store_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`store_id`) REFERENCES `stores`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `starred_stores_store_idx` ON `starred_stores` (`store_id`);--> statement-breakpoint
-- The hits table is rebuilt so a hit can name a fuel report instead of a price report. (The rebuild runs in the
-- migration's transaction, where foreign keys stay on; no table refers to this one.)
CREATE TABLE `__new_price_alert_hits` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`alert_id` integer NOT NULL,
	`price_report_id` integer,
	`gas_report_id` integer,
	`price_cents` integer NOT NULL,
	`notice` text DEFAULT 'sent' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`alert_id`) REFERENCES `price_alerts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`price_report_id`) REFERENCES `price_reports`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`gas_report_id`) REFERENCES `gas_price_reports`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "price_alert_hits_one_report" CHECK((`price_report_id` IS NULL) <> (`gas_report_id` IS NULL))
);
--> statement-breakpoint
INSERT INTO `__new_price_alert_hits`(`id`, `alert_id`, `price_report_id`, `price_cents`, `created_at`)
	SELECT `id`, `alert_id`, `price_report_id`, `price_cents`, `created_at` FROM `price_alert_hits`;--> statement-breakpoint
DROP TABLE `price_alert_hits`;--> statement-breakpoint
ALTER TABLE `__new_price_alert_hits` RENAME TO `price_alert_hits`;--> statement-breakpoint
CREATE UNIQUE INDEX `price_alert_hits_alert_report_unique` ON `price_alert_hits` (`alert_id`,`price_report_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `price_alert_hits_alert_gas_report_unique` ON `price_alert_hits` (`alert_id`,`gas_report_id`);--> statement-breakpoint
CREATE INDEX `price_alert_hits_alert_idx` ON `price_alert_hits` (`alert_id`,`id`);--> statement-breakpoint
CREATE INDEX `price_alert_hits_notice_idx` ON `price_alert_hits` (`alert_id`,`notice`,`created_at`);--> statement-breakpoint
CREATE INDEX `price_alert_hits_report_idx` ON `price_alert_hits` (`price_report_id`);--> statement-breakpoint
CREATE INDEX `price_alert_hits_gas_report_idx` ON `price_alert_hits` (`gas_report_id`);--> statement-breakpoint
ALTER TABLE `price_alerts` ADD `scope` text DEFAULT 'near' NOT NULL;--> statement-breakpoint
ALTER TABLE `price_alerts` ADD `fuel_type` text;--> statement-breakpoint
ALTER TABLE `users` ADD `alert_daily_cap` integer DEFAULT 10 NOT NULL;