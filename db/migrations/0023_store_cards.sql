-- One card per store (issue 42): a store's live reports of a product, read from the index alone.
CREATE INDEX `price_reports_store_live_idx` ON `price_reports` (`store_id`,`normalized_name`,`category_id`,`price_cents`,`confirm_count`,`created_at`,`confirmed_at`) WHERE "price_reports"."is_active" = 1 AND "price_reports"."is_expired" = 0;--> statement-breakpoint
-- Migration 0022 re-indexed every live report's words one update at a time, which leaves the search index in
-- many small segments; merged into one, a search reads one posting list per term again.
INSERT INTO price_search (price_search) VALUES ('optimize');
