-- Search for a million reports (replaces 0001's price_reports_fts). A search term is a word glued to its
-- location cell: "c0200milk" is "milk" in zips 10000-10049 ("c" and the zip divided by 50, in four digits; a
-- postal code that is not a US zip is a cell of its own: "x", its length in two digits, its letters and digits).
-- A 20-zip window spans one or two cells, so a word near someone is one or two short posting lists, however
-- common the word is elsewhere.
-- Each live report is indexed twice, under two ids that carry a sort key and the zip's low 7 bits (enough to
-- tell apart the zips of two neighbouring cells), so the window's exact edges, the order and the distance are
-- read from the index and only a page's reports are read from price_reports:
--   by price: (price in cents << 38) | ((2^31 - 1 - report id) << 7) | (zip & 127)        below 2^62
--   by time:  2^62 | (report id << 7) | (zip & 127)                                         from 2^62
-- search_vocab lists every word ever indexed, folded as FTS5 folds it, so "org" becomes the exact terms
-- "organic", "orange"...: exact terms are read lazily and stop at the page, where a prefix query would first
-- merge every posting of the prefix. Triggers keep it all in step with the live reports.
DROP TRIGGER `price_reports_fts_insert`;
--> statement-breakpoint
DROP TRIGGER `price_reports_fts_update`;
--> statement-breakpoint
DROP TRIGGER `price_reports_fts_delete`;
--> statement-breakpoint
DROP TABLE `price_reports_fts`;
--> statement-breakpoint
CREATE TABLE `search_words` (`id` integer PRIMARY KEY, `word` text NOT NULL UNIQUE);
--> statement-breakpoint
CREATE VIRTUAL TABLE `search_words_fts` USING fts5(
	word, content = '', detail = none, columnsize = 0, tokenize = 'unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE VIRTUAL TABLE `search_vocab` USING fts5vocab(search_words_fts, 'row');
--> statement-breakpoint
CREATE TRIGGER `search_words_index` AFTER INSERT ON `search_words`
BEGIN
	INSERT INTO search_words_fts (rowid, word) VALUES (new.id, new.word);
END;
--> statement-breakpoint
CREATE VIRTUAL TABLE `price_search` USING fts5(
	terms, content = '', contentless_delete = 1, detail = none, tokenize = 'unicode61 remove_diacritics 2'
);
--> statement-breakpoint
-- One row per live report: its two ids in price_search, its terms and its words. The text is the product name,
-- tag slugs, category name and description (as in 0001), with every ASCII separator and the common Unicode
-- punctuation and spaces made single plain spaces, so that each word can be glued to its cell.
CREATE VIEW `price_search_source` AS
SELECT id, price_key, time_key,
	cell || replace(plain, ' ', ' ' || cell) AS terms,
	'[' || replace(json_quote(lower(plain)), ' ', '","') || ']' AS words
FROM (
	SELECT r.id AS id,
		(min(r.price_cents, 16777215) << 38) | ((2147483647 - r.id) << 7) | (CASE WHEN substr(r.loc_token, 1, 1) = 'z' THEN CAST(substr(r.loc_token, 2) AS INTEGER) & 127 ELSE 0 END) AS price_key,
		(1 << 62) | (r.id << 7) | (CASE WHEN substr(r.loc_token, 1, 1) = 'z' THEN CAST(substr(r.loc_token, 2) AS INTEGER) & 127 ELSE 0 END) AS time_key,
		(CASE WHEN substr(r.loc_token, 1, 1) = 'z' THEN 'c' || printf('%04d', CAST(substr(r.loc_token, 2) AS INTEGER) / 50) ELSE 'x' || printf('%02d', length(r.loc_token) - 1) || substr(r.loc_token, 2) END) AS cell,
		trim(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(r.product_name
			|| ' ' || coalesce((SELECT group_concat(value, ' ') FROM json_each(r.tags)), '')
			|| ' ' || coalesce((SELECT name FROM product_categories WHERE id = r.category_id), '')
			|| ' ' || coalesce(r.description, ''), '!', ' '), '"', ' '), '#', ' '), '$', ' '), '%', ' '), '&', ' '), '''', ' '), '(', ' '), ')', ' '), '*', ' '), '+', ' '), ',', ' '), '-', ' '), '.', ' '), '/', ' '), ':', ' '), ';', ' '), '<', ' '), '=', ' '), '>', ' '), '?', ' '), '@', ' '), '[', ' '), '\', ' '), ']', ' '), '^', ' '), '_', ' '), '`', ' '), '{', ' '), '|', ' '), '}', ' '), '~', ' '), char(9), ' '), char(10), ' '), char(13), ' '), char(11), ' '), char(12), ' '), char(160), ' '), char(161), ' '), char(167), ' '), char(171), ' '), char(174), ' '), char(176), ' '), char(180), ' '), char(183), ' '), char(187), ' '), char(191), ' '), char(215), ' '), char(247), ' '), char(8208), ' '), char(8209), ' '), char(8210), ' '), char(8211), ' '), char(8212), ' '), char(8216), ' '), char(8217), ' '), char(8218), ' '), char(8220), ' '), char(8221), ' '), char(8222), ' '), char(8226), ' '), char(8230), ' '), char(8242), ' '), char(8243), ' '), char(8482), ' '), char(169), ' '), char(8592), ' '), char(8594), ' '), char(12288), ' '), char(8201), ' '), char(8239), ' '), char(8203), ' '), '    ', ' '), '  ', ' '), '  ', ' ')) AS plain
	FROM price_reports r
	WHERE r.is_active = 1 AND r.is_expired = 0
);
--> statement-breakpoint
CREATE TRIGGER `price_search_insert` AFTER INSERT ON `price_reports`
WHEN new.is_active = 1 AND new.is_expired = 0
BEGIN
	INSERT INTO price_search (rowid, terms) SELECT price_key, terms FROM price_search_source WHERE id = new.id;
	INSERT INTO price_search (rowid, terms) SELECT time_key, terms FROM price_search_source WHERE id = new.id;
	INSERT OR IGNORE INTO search_words (word)
		SELECT w.value FROM price_search_source s, json_each(s.words) w WHERE s.id = new.id AND w.value <> '';
END;
--> statement-breakpoint
-- Only a change to the text, place, price or liveness touches the index (not votes or photos).
CREATE TRIGGER `price_search_update`
AFTER UPDATE OF product_name, tags, category_id, description, loc_token, price_cents, is_active, is_expired ON `price_reports`
WHEN old.product_name IS NOT new.product_name OR old.tags IS NOT new.tags OR old.category_id IS NOT new.category_id
	OR old.description IS NOT new.description OR old.loc_token IS NOT new.loc_token OR old.price_cents IS NOT new.price_cents
	OR old.is_active IS NOT new.is_active OR old.is_expired IS NOT new.is_expired
BEGIN
	DELETE FROM price_search WHERE old.is_active = 1 AND old.is_expired = 0 AND rowid = (min(old.price_cents, 16777215) << 38) | ((2147483647 - old.id) << 7) | (CASE WHEN substr(old.loc_token, 1, 1) = 'z' THEN CAST(substr(old.loc_token, 2) AS INTEGER) & 127 ELSE 0 END);
	DELETE FROM price_search WHERE old.is_active = 1 AND old.is_expired = 0 AND rowid = (1 << 62) | (old.id << 7) | (CASE WHEN substr(old.loc_token, 1, 1) = 'z' THEN CAST(substr(old.loc_token, 2) AS INTEGER) & 127 ELSE 0 END);
	INSERT INTO price_search (rowid, terms) SELECT price_key, terms FROM price_search_source WHERE id = new.id;
	INSERT INTO price_search (rowid, terms) SELECT time_key, terms FROM price_search_source WHERE id = new.id;
	INSERT OR IGNORE INTO search_words (word)
		SELECT w.value FROM price_search_source s, json_each(s.words) w WHERE s.id = new.id AND w.value <> '';
END;
--> statement-breakpoint
CREATE TRIGGER `price_search_delete` AFTER DELETE ON `price_reports`
WHEN old.is_active = 1 AND old.is_expired = 0
BEGIN
	DELETE FROM price_search WHERE rowid = (min(old.price_cents, 16777215) << 38) | ((2147483647 - old.id) << 7) | (CASE WHEN substr(old.loc_token, 1, 1) = 'z' THEN CAST(substr(old.loc_token, 2) AS INTEGER) & 127 ELSE 0 END);
	DELETE FROM price_search WHERE rowid = (1 << 62) | (old.id << 7) | (CASE WHEN substr(old.loc_token, 1, 1) = 'z' THEN CAST(substr(old.loc_token, 2) AS INTEGER) & 127 ELSE 0 END);
END;
--> statement-breakpoint
-- The live reports so far, in id order (FTS5 then writes long segments rather than many short ones).
INSERT INTO price_search (rowid, terms)
	SELECT price_key, terms FROM price_search_source UNION ALL SELECT time_key, terms FROM price_search_source
	ORDER BY 1;
--> statement-breakpoint
INSERT OR IGNORE INTO search_words (word)
	SELECT w.value FROM price_search_source s, json_each(s.words) w WHERE w.value <> '';
--> statement-breakpoint
-- One segment, no merge left half done: the first reports after this migration do not pay for the backfill.
INSERT INTO price_search (price_search) VALUES ('optimize');

