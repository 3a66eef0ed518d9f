-- One card per store (issue 42): a store's live reports of a product, read from the index alone.
CREATE INDEX `price_reports_store_live_idx` ON `price_reports` (`store_id`,`normalized_name`,`category_id`,`price_cents`,`confirm_count`,`created_at`,`confirmed_at`) WHERE "price_reports"."is_active" = 1 AND "price_reports"."is_expired" = 0;--> statement-breakpoint
-- 0022 gave the filter terms to the live reports only; a report brought back (a moderator's decision, an expiry
-- undone) needs them too. Not being live, these rows leave the search index as it is.
UPDATE `price_reports` SET `search_text` = `search_text` || (
	SELECT ' ' || char(57344) || replace(c.`slug`, '-', '') || coalesce(' ' || char(57344) || replace(g.`slug`, '-', ''), '')
	FROM `product_categories` c LEFT JOIN `product_categories` g ON g.`id` = c.`parent_category_id`
	WHERE c.`id` = `price_reports`.`category_id`
)
WHERE NOT (`is_active` = 1 AND `is_expired` = 0) AND `search_text` <> '' AND instr(`search_text`, char(57344)) = 0;
--> statement-breakpoint
-- Migration 0022 re-indexed every live report's words one update at a time, which leaves the search index in
-- many small segments; merged into one, a search reads one posting list per term again.
INSERT INTO price_search (price_search) VALUES ('optimize');
