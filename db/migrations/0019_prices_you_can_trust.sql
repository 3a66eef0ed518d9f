CREATE TABLE `gas_report_feedback` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`report_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`reason` text,
	`price` integer,
	`new_report_id` integer,
	`status` text DEFAULT 'open' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`report_id`) REFERENCES `gas_price_reports`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`new_report_id`) REFERENCES `gas_price_reports`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `gas_report_feedback_report_user_unique` ON `gas_report_feedback` (`report_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `gas_report_feedback_user_idx` ON `gas_report_feedback` (`user_id`);--> statement-breakpoint
CREATE INDEX `gas_report_feedback_open_flags_idx` ON `gas_report_feedback` (`report_id`) WHERE "gas_report_feedback"."kind" = 'wrong' AND "gas_report_feedback"."status" = 'open';--> statement-breakpoint
CREATE TABLE `moderation_actions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`moderator_id` text,
	`moderator_name` text NOT NULL,
	`action` text NOT NULL,
	`target_user_id` text,
	`target_name` text NOT NULL,
	`price_report_id` integer,
	`gas_report_id` integer,
	`reason` text NOT NULL,
	`detail` text DEFAULT '' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`moderator_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`target_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`price_report_id`) REFERENCES `price_reports`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`gas_report_id`) REFERENCES `gas_price_reports`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `moderation_actions_created_idx` ON `moderation_actions` (`created_at`);--> statement-breakpoint
CREATE TABLE `price_report_feedback` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`report_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`reason` text,
	`price` integer,
	`new_report_id` integer,
	`status` text DEFAULT 'open' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`report_id`) REFERENCES `price_reports`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`new_report_id`) REFERENCES `price_reports`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `price_report_feedback_report_user_unique` ON `price_report_feedback` (`report_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `price_report_feedback_user_idx` ON `price_report_feedback` (`user_id`);--> statement-breakpoint
CREATE INDEX `price_report_feedback_open_flags_idx` ON `price_report_feedback` (`report_id`) WHERE "price_report_feedback"."kind" = 'wrong' AND "price_report_feedback"."status" = 'open';--> statement-breakpoint
ALTER TABLE `gas_price_reports` ADD `is_unusual` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `gas_price_reports` ADD `confirm_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `gas_price_reports` ADD `confirmed_at` integer;--> statement-breakpoint
ALTER TABLE `gas_price_reports` ADD `changed_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `gas_price_reports` ADD `unavailable_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `gas_price_reports` ADD `unavailable_at` integer;--> statement-breakpoint
ALTER TABLE `gas_price_reports` ADD `flag_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `gas_price_reports` ADD `withdrawn_reason` text;--> statement-breakpoint
ALTER TABLE `price_reports` ADD `is_unusual` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `price_reports` ADD `confirm_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `price_reports` ADD `confirmed_at` integer;--> statement-breakpoint
ALTER TABLE `price_reports` ADD `changed_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `price_reports` ADD `unavailable_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `price_reports` ADD `unavailable_at` integer;--> statement-breakpoint
ALTER TABLE `price_reports` ADD `flag_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `price_reports` ADD `withdrawn_reason` text;--> statement-breakpoint
ALTER TABLE `users` ADD `reports_refused` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `reports_upheld` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Until now only a suspension withdrew a report (is_active = 0): say so, so that lifting it can bring them back.
UPDATE `price_reports` SET `withdrawn_reason` = 'suspended' WHERE `is_active` = 0;--> statement-breakpoint
UPDATE `gas_price_reports` SET `withdrawn_reason` = 'suspended' WHERE `is_active` = 0;
