-- The hourly sweep expiring week-old fuel prices walked every report older than a week, expired or not, by
-- date: 110,000 rows and 8 to 18 ms of the request thread on the bench's data, to expire none. The index now
-- leads with is_expired, so the sweep reads only the unexpired reports past the age (as price_reports_category_age_idx
-- does for products), and can run every minute.
DROP INDEX `gas_reports_created_idx`;--> statement-breakpoint
CREATE INDEX `gas_reports_age_idx` ON `gas_price_reports` (`is_expired`,`created_at`);