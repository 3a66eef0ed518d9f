CREATE TABLE `product_versions` (
	`normalized_name` text NOT NULL,
	`category_id` integer NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	PRIMARY KEY(`normalized_name`, `category_id`)
);
--> statement-breakpoint
-- A product's version moves with anything its price history reads (price_reports_price_history_idx): a report
-- added or deleted, or a change to its product, place, time, price, store, liveness or trust.
CREATE TRIGGER `product_versions_insert` AFTER INSERT ON `price_reports`
BEGIN
	INSERT INTO product_versions (normalized_name, category_id) VALUES (new.normalized_name, new.category_id)
		ON CONFLICT DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `product_versions_update`
AFTER UPDATE OF normalized_name, category_id, loc_token, created_at, price_cents, store_id, is_active, is_discredited,
	flag_weight, is_unusual, confirm_weight ON `price_reports`
WHEN old.normalized_name IS NOT new.normalized_name OR old.category_id IS NOT new.category_id
	OR old.loc_token IS NOT new.loc_token OR old.created_at IS NOT new.created_at OR old.price_cents IS NOT new.price_cents
	OR old.store_id IS NOT new.store_id OR old.is_active IS NOT new.is_active OR old.is_discredited IS NOT new.is_discredited
	OR old.flag_weight IS NOT new.flag_weight OR old.is_unusual IS NOT new.is_unusual OR old.confirm_weight IS NOT new.confirm_weight
BEGIN
	INSERT INTO product_versions (normalized_name, category_id) VALUES (new.normalized_name, new.category_id)
		ON CONFLICT DO UPDATE SET version = version + 1;
	INSERT INTO product_versions (normalized_name, category_id) SELECT old.normalized_name, old.category_id
		WHERE old.normalized_name IS NOT new.normalized_name OR old.category_id IS NOT new.category_id
		ON CONFLICT DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `product_versions_delete` AFTER DELETE ON `price_reports`
BEGIN
	INSERT INTO product_versions (normalized_name, category_id) VALUES (old.normalized_name, old.category_id)
		ON CONFLICT DO UPDATE SET version = version + 1;
END;
