-- Gas stations get a location token (as price reports have), so "within 20 zips" is an indexed IN over the
-- window's tokens, and a station is one place per (location, name and address) however its zip is typed.
DROP INDEX `gas_stations_zip_lookup_unique`;--> statement-breakpoint
ALTER TABLE `gas_stations` ADD `loc_token` text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Same rule as src/lib/zip.ts locToken (for zips typed as 12345, 12345-6789 or 123456789; other codes lose only spaces and dashes).
UPDATE `gas_stations` SET `loc_token` = CASE
	WHEN trim(coalesce(zip_code, '')) GLOB '[0-9][0-9][0-9][0-9][0-9]'
		OR trim(coalesce(zip_code, '')) GLOB '[0-9][0-9][0-9][0-9][0-9]-[0-9][0-9][0-9][0-9]'
		OR trim(coalesce(zip_code, '')) GLOB '[0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]'
		THEN 'z' || substr(trim(zip_code), 1, 5)
	ELSE 'x' || lower(replace(replace(coalesce(zip_code, ''), ' ', ''), '-', ''))
END;--> statement-breakpoint
CREATE UNIQUE INDEX `gas_stations_loc_lookup_unique` ON `gas_stations` (`loc_token`,`lookup_key`);--> statement-breakpoint
-- A station's prices, report count and last update are a cache of its active, unexpired reports: the report
-- path sets them as it inserts; these triggers recompute them whenever a report leaves (or rejoins) the active
-- set or is deleted (expiry sweeps, moderation, account deletion's cascade), whoever does it.
CREATE TRIGGER `gas_reports_refresh_station_update`
AFTER UPDATE OF is_active, is_expired ON `gas_price_reports`
WHEN old.is_active IS NOT new.is_active OR old.is_expired IS NOT new.is_expired
BEGIN
	UPDATE gas_stations SET
		regular_price_mills = (SELECT r.price_mills FROM gas_price_reports r
			WHERE r.station_id = new.station_id AND r.is_active = 1 AND r.is_expired = 0 AND r.fuel_type = 'regular'
			ORDER BY r.created_at DESC, r.id DESC LIMIT 1),
		premium_price_mills = (SELECT r.price_mills FROM gas_price_reports r
			WHERE r.station_id = new.station_id AND r.is_active = 1 AND r.is_expired = 0 AND r.fuel_type = 'premium'
			ORDER BY r.created_at DESC, r.id DESC LIMIT 1),
		diesel_price_mills = (SELECT r.price_mills FROM gas_price_reports r
			WHERE r.station_id = new.station_id AND r.is_active = 1 AND r.is_expired = 0 AND r.fuel_type = 'diesel'
			ORDER BY r.created_at DESC, r.id DESC LIMIT 1),
		e85_price_mills = (SELECT r.price_mills FROM gas_price_reports r
			WHERE r.station_id = new.station_id AND r.is_active = 1 AND r.is_expired = 0 AND r.fuel_type = 'e85'
			ORDER BY r.created_at DESC, r.id DESC LIMIT 1),
		electric_price_mills = (SELECT r.price_mills FROM gas_price_reports r
			WHERE r.station_id = new.station_id AND r.is_active = 1 AND r.is_expired = 0 AND r.fuel_type = 'electric'
			ORDER BY r.created_at DESC, r.id DESC LIMIT 1),
		reports_count = (SELECT count(*) FROM gas_price_reports r WHERE r.station_id = new.station_id AND r.is_active = 1 AND r.is_expired = 0),
		last_updated = (SELECT max(r.created_at) FROM gas_price_reports r WHERE r.station_id = new.station_id AND r.is_active = 1 AND r.is_expired = 0)
	WHERE id = new.station_id;
END;--> statement-breakpoint
CREATE TRIGGER `gas_reports_refresh_station_delete` AFTER DELETE ON `gas_price_reports`
BEGIN
	UPDATE gas_stations SET
		regular_price_mills = (SELECT r.price_mills FROM gas_price_reports r
			WHERE r.station_id = old.station_id AND r.is_active = 1 AND r.is_expired = 0 AND r.fuel_type = 'regular'
			ORDER BY r.created_at DESC, r.id DESC LIMIT 1),
		premium_price_mills = (SELECT r.price_mills FROM gas_price_reports r
			WHERE r.station_id = old.station_id AND r.is_active = 1 AND r.is_expired = 0 AND r.fuel_type = 'premium'
			ORDER BY r.created_at DESC, r.id DESC LIMIT 1),
		diesel_price_mills = (SELECT r.price_mills FROM gas_price_reports r
			WHERE r.station_id = old.station_id AND r.is_active = 1 AND r.is_expired = 0 AND r.fuel_type = 'diesel'
			ORDER BY r.created_at DESC, r.id DESC LIMIT 1),
		e85_price_mills = (SELECT r.price_mills FROM gas_price_reports r
			WHERE r.station_id = old.station_id AND r.is_active = 1 AND r.is_expired = 0 AND r.fuel_type = 'e85'
			ORDER BY r.created_at DESC, r.id DESC LIMIT 1),
		electric_price_mills = (SELECT r.price_mills FROM gas_price_reports r
			WHERE r.station_id = old.station_id AND r.is_active = 1 AND r.is_expired = 0 AND r.fuel_type = 'electric'
			ORDER BY r.created_at DESC, r.id DESC LIMIT 1),
		reports_count = (SELECT count(*) FROM gas_price_reports r WHERE r.station_id = old.station_id AND r.is_active = 1 AND r.is_expired = 0),
		last_updated = (SELECT max(r.created_at) FROM gas_price_reports r WHERE r.station_id = old.station_id AND r.is_active = 1 AND r.is_expired = 0)
	WHERE id = old.station_id;
END;
