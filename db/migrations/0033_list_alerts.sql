CREATE TABLE `shopping_list_alert_notices` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`list_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`notice` text NOT NULL,
	`total_cents` integer NOT NULL,
	`store_names` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`list_id`) REFERENCES `shopping_lists`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `shopping_list_alert_notices_user_idx` ON `shopping_list_alert_notices` (`user_id`,`notice`,`created_at`);--> statement-breakpoint
CREATE INDEX `shopping_list_alert_notices_list_idx` ON `shopping_list_alert_notices` (`list_id`);--> statement-breakpoint
CREATE TABLE `shopping_list_alerts` (
	`list_id` integer PRIMARY KEY NOT NULL,
	`zip_code` text(10) NOT NULL,
	`target_cents` integer,
	`on_cheapest_change` integer DEFAULT false NOT NULL,
	`seen_total_cents` integer,
	`seen_store_ids` text,
	`seen_store_names` text,
	`seen_at` integer,
	`under_fired` integer DEFAULT false NOT NULL,
	`under_notified_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`list_id`) REFERENCES `shopping_lists`(`id`) ON UPDATE no action ON DELETE cascade
);
