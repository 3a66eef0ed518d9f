-- Chips that filter and like with like (issue 42; decision 0061). A product's size, as a quantity in thousandths
-- with its unit, both or neither.
ALTER TABLE `price_reports` ADD `size_milli` integer;--> statement-breakpoint
ALTER TABLE `price_reports` ADD `size_unit` text;--> statement-breakpoint
-- The foods sit under Groceries, so its chip finds milk, bread and apples.
UPDATE `product_categories` SET `parent_category_id` = (SELECT `id` FROM `product_categories` WHERE `slug` = 'groceries')
WHERE `slug` IN ('produce', 'dairy', 'meat-seafood', 'bakery', 'beverages')
	AND EXISTS (SELECT 1 FROM `product_categories` WHERE `slug` = 'groceries');
--> statement-breakpoint
-- Each live report's search text gains the filter terms of its category and group (src/reports/search-text.ts:
-- U+E000 then the slug without hyphens); the search index's update trigger re-indexes it.
UPDATE `price_reports` SET `search_text` = `search_text` || (
	SELECT ' ' || char(57344) || replace(c.`slug`, '-', '') || coalesce(' ' || char(57344) || replace(g.`slug`, '-', ''), '')
	FROM `product_categories` c LEFT JOIN `product_categories` g ON g.`id` = c.`parent_category_id`
	WHERE c.`id` = `price_reports`.`category_id`
)
WHERE `is_active` = 1 AND `is_expired` = 0;
