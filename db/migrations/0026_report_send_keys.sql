CREATE TABLE `report_send_keys` (
	`user_id` text NOT NULL,
	`market` text NOT NULL,
	`send_key` text NOT NULL,
	`report_id` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `report_send_keys_unique` ON `report_send_keys` (`user_id`,`market`,`send_key`);