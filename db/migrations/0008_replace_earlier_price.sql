-- A new price replaces the shopper's earlier one for the product at that store (src/deals/reports.ts): the
-- user-and-store index also carries the product, so finding it is one probe, not a walk over every report the
-- shopper made at that store. Its prefixes keep serving lookups by user, and by user and store.
DROP INDEX `price_reports_user_store_idx`;--> statement-breakpoint
CREATE INDEX `price_reports_user_store_idx` ON `price_reports` (`user_id`,`store_id`,`normalized_name`,`category_id`);