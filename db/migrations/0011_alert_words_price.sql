-- A new report read, for each of its words, the index range of its zip window (27 entries a report on the
-- bench's data) and then each of those alerts by id, only to find the report's price over the target for all
-- but two. The alert's target price now rides in the word index's key, so an alert the price does not meet is
-- passed over inside the index. Alerts are never edited; the trigger keeps the copy true if one ever is.
-- (The rebuild runs in the migration's transaction, where foreign keys stay on; no table refers to this one.)
CREATE TABLE `__new_price_alert_words` (
	`word` text NOT NULL,
	`loc_token` text NOT NULL,
	`target_price_cents` integer NOT NULL,
	`alert_id` integer NOT NULL,
	PRIMARY KEY(`word`, `loc_token`, `target_price_cents`, `alert_id`),
	FOREIGN KEY (`alert_id`) REFERENCES `price_alerts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_price_alert_words`(`word`, `loc_token`, `target_price_cents`, `alert_id`)
	SELECT w.`word`, w.`loc_token`, a.`target_price_cents`, w.`alert_id`
	FROM `price_alert_words` w JOIN `price_alerts` a ON a.`id` = w.`alert_id`;--> statement-breakpoint
DROP TABLE `price_alert_words`;--> statement-breakpoint
ALTER TABLE `__new_price_alert_words` RENAME TO `price_alert_words`;--> statement-breakpoint
CREATE INDEX `price_alert_words_alert_idx` ON `price_alert_words` (`alert_id`);--> statement-breakpoint
CREATE TRIGGER `price_alerts_target_follow` AFTER UPDATE OF `target_price_cents` ON `price_alerts`
BEGIN
	UPDATE `price_alert_words` SET `target_price_cents` = new.`target_price_cents` WHERE `alert_id` = new.`id`;
END;
