-- Full-text search over price reports (FTS5, contentless: it stores only the index).
-- body: product name, tag slugs, category name and description; loc: the report's zip as one token
-- ("z10001"), so a search narrows to the zip window inside the index instead of scanning.
-- Triggers keep it in step: only active, unexpired reports are indexed.
CREATE VIRTUAL TABLE `price_reports_fts` USING fts5(
	body, loc,
	content = '', contentless_delete = 1,
	tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
);
--> statement-breakpoint
CREATE TRIGGER `price_reports_fts_insert` AFTER INSERT ON `price_reports`
WHEN new.is_active = 1 AND new.is_expired = 0
BEGIN
	INSERT INTO price_reports_fts (rowid, body, loc) VALUES (
		new.id,
		new.product_name
			|| ' ' || coalesce((SELECT group_concat(value, ' ') FROM json_each(new.tags)), '')
			|| ' ' || coalesce((SELECT name FROM product_categories WHERE id = new.category_id), '')
			|| ' ' || coalesce(new.description, ''),
		new.loc_token
	);
END;
--> statement-breakpoint
CREATE TRIGGER `price_reports_fts_update`
AFTER UPDATE OF product_name, tags, category_id, description, loc_token, is_active, is_expired ON `price_reports`
BEGIN
	DELETE FROM price_reports_fts WHERE rowid = old.id;
	INSERT INTO price_reports_fts (rowid, body, loc)
	SELECT
		new.id,
		new.product_name
			|| ' ' || coalesce((SELECT group_concat(value, ' ') FROM json_each(new.tags)), '')
			|| ' ' || coalesce((SELECT name FROM product_categories WHERE id = new.category_id), '')
			|| ' ' || coalesce(new.description, ''),
		new.loc_token
	WHERE new.is_active = 1 AND new.is_expired = 0;
END;
--> statement-breakpoint
CREATE TRIGGER `price_reports_fts_delete` AFTER DELETE ON `price_reports`
BEGIN
	DELETE FROM price_reports_fts WHERE rowid = old.id;
END;
