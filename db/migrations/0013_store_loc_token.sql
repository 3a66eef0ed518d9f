-- Stores were found by the zip exactly as typed, so "10001-1234" and "10001" made two FreshMarts: prices
-- split between them in search and in the quality check's consensus, a shopper's new price there did not
-- replace their earlier one, and the report form's suggestions missed the other. A store is now found by
-- its zip's location token, as gas stations are. Each store takes the token its first report was given
-- (worked out by the app, src/lib/zip.ts), or, with no report left, the same rule in SQL; stores that now
-- coincide are merged into the oldest, the merged stores' shoppers keep one live price per product there
-- (the newest, as if reported again), and their count of stores visited is counted again.
ALTER TABLE `stores` ADD `loc_token` text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE `stores` SET `loc_token` = coalesce(
	(SELECT r.`loc_token` FROM `price_reports` r WHERE r.`store_id` = `stores`.`id` LIMIT 1),
	CASE WHEN trim(`zip_code`) GLOB '[0-9][0-9][0-9][0-9][0-9]'
		OR trim(`zip_code`) GLOB '[0-9][0-9][0-9][0-9][0-9]-[0-9][0-9][0-9][0-9]'
		OR trim(`zip_code`) GLOB '[0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]'
	THEN 'z' || substr(trim(`zip_code`), 1, 5)
	ELSE 'x' || lower(replace(replace(replace(coalesce(`zip_code`, ''), ' ', ''), '-', ''), '.', '')) END);--> statement-breakpoint
CREATE INDEX `stores_loc_lookup_merge` ON `stores` (`loc_token`, `lookup_key`, `id`);--> statement-breakpoint
CREATE TEMP TABLE `store_merges` AS
	SELECT s.`id` AS `old_id`,
		(SELECT min(k.`id`) FROM `stores` k WHERE k.`loc_token` = s.`loc_token` AND k.`lookup_key` = s.`lookup_key`) AS `new_id`
	FROM `stores` s
	WHERE EXISTS (SELECT 1 FROM `stores` k WHERE k.`loc_token` = s.`loc_token` AND k.`lookup_key` = s.`lookup_key` AND k.`id` < s.`id`);--> statement-breakpoint
UPDATE `price_reports` SET `store_id` = (SELECT m.`new_id` FROM `store_merges` m WHERE m.`old_id` = `price_reports`.`store_id`)
	WHERE `store_id` IN (SELECT `old_id` FROM `store_merges`);--> statement-breakpoint
UPDATE `price_reports`
	SET `is_expired` = 1, `expired_at` = CAST(unixepoch('subsec') * 1000 AS INTEGER),
		`expired_reason` = 'Replaced by a newer price from the same shopper', `updated_at` = CAST(unixepoch('subsec') * 1000 AS INTEGER)
	WHERE `store_id` IN (SELECT `new_id` FROM `store_merges`) AND `is_active` = 1 AND `is_expired` = 0
		AND EXISTS (SELECT 1 FROM `price_reports` n
			WHERE n.`user_id` = `price_reports`.`user_id` AND n.`store_id` = `price_reports`.`store_id`
				AND n.`normalized_name` = `price_reports`.`normalized_name` AND n.`category_id` = `price_reports`.`category_id`
				AND n.`is_active` = 1 AND n.`is_expired` = 0 AND n.`id` > `price_reports`.`id`);--> statement-breakpoint
UPDATE `users` SET `unique_stores_visited` = (SELECT count(DISTINCT r.`store_id`) FROM `price_reports` r WHERE r.`user_id` = `users`.`id`)
	WHERE `id` IN (SELECT r.`user_id` FROM `price_reports` r WHERE r.`store_id` IN (SELECT `new_id` FROM `store_merges`));--> statement-breakpoint
DELETE FROM `stores` WHERE `id` IN (SELECT `old_id` FROM `store_merges`);--> statement-breakpoint
DROP TABLE `temp`.`store_merges`;--> statement-breakpoint
DROP INDEX `stores_loc_lookup_merge`;--> statement-breakpoint
DROP INDEX `stores_zip_lookup_unique`;--> statement-breakpoint
CREATE UNIQUE INDEX `stores_loc_lookup_unique` ON `stores` (`loc_token`,`lookup_key`);
