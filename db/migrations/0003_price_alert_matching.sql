-- Price alert matching: a word index of alerts keyed by (word, location token), so a new report finds the
-- alerts it satisfies by index seeks; and the hits, one per (alert, report), which are also the event ids of the
-- live stream. No alerts existed before this migration (the API arrives with it), so nothing is backfilled.
CREATE TABLE `price_alert_hits` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`alert_id` integer NOT NULL,
	`price_report_id` integer NOT NULL,
	`price_cents` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`alert_id`) REFERENCES `price_alerts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`price_report_id`) REFERENCES `price_reports`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `price_alert_hits_alert_report_unique` ON `price_alert_hits` (`alert_id`,`price_report_id`);--> statement-breakpoint
CREATE INDEX `price_alert_hits_alert_idx` ON `price_alert_hits` (`alert_id`,`id`);--> statement-breakpoint
CREATE INDEX `price_alert_hits_report_idx` ON `price_alert_hits` (`price_report_id`);--> statement-breakpoint
CREATE TABLE `price_alert_words` (
	`word` text NOT NULL,
	`loc_token` text NOT NULL,
	`alert_id` integer NOT NULL,
	PRIMARY KEY(`word`, `loc_token`, `alert_id`),
	FOREIGN KEY (`alert_id`) REFERENCES `price_alerts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `price_alert_words_alert_idx` ON `price_alert_words` (`alert_id`);--> statement-breakpoint
ALTER TABLE `price_alerts` ADD `loc_token` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `price_alerts` ADD `word_count` integer DEFAULT 0 NOT NULL;