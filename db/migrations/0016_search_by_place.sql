-- Search by place (issue 38; the design is described in db/schema.ts, "The search index"). A search term was a
-- word glued to a cell of 50 ZIP numbers; near is now a shopper's 21 nearest ZIP areas on the map, so a term is a
-- word glued to its ZIP. The words are worked out once, by the app, into price_reports.search_text: the view that
-- worked them out in SQL (80 nested replace() calls) was more than older SQLite shells could parse, so a
-- self-hoster's sqlite3 could not open the database. The index is rebuilt without contentless_delete (SQLite 3.43)
-- for the same reason: a report leaves it through FTS5's 'delete' command with its old terms.
-- The live reports' words are taken from the old view before it goes; a report that is not live is never searched
-- and keeps an empty search_text.
ALTER TABLE `price_reports` ADD `search_text` text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE `price_reports` SET `search_text` = coalesce((
	SELECT group_concat(w.value, ' ') FROM price_search_source s, json_each(s.words) w
	WHERE s.id = price_reports.id AND w.value <> ''
		AND w.value NOT GLOB ('*[' || char(1) || '-' || char(31) || ']*')
), '')
WHERE is_active = 1 AND is_expired = 0;
--> statement-breakpoint
DROP TRIGGER `price_search_insert`;
--> statement-breakpoint
DROP TRIGGER `price_search_update`;
--> statement-breakpoint
DROP TRIGGER `price_search_delete`;
--> statement-breakpoint
DROP VIEW `price_search_source`;
--> statement-breakpoint
DROP TABLE `price_search`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `price_search` USING fts5(
	terms, content = '', detail = none, columnsize = 0, tokenize = 'unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE TRIGGER `price_search_insert` AFTER INSERT ON `price_reports`
WHEN new.is_active = 1 AND new.is_expired = 0
BEGIN
	INSERT INTO price_search (rowid, terms) SELECT k.key, (SELECT c || replace(new.search_text, ' ', ' ' || c) FROM
		(SELECT CASE WHEN substr(new.loc_token, 1, 1) = 'z' THEN new.loc_token ELSE 'x' || printf('%02d', length(new.loc_token) - 1) || substr(new.loc_token, 2) END AS c)) FROM (SELECT (min(new.price_cents, 16777215) << 31) | (2147483647 - new.id) AS key UNION ALL SELECT (1 << 62) | new.id) k;
	INSERT OR IGNORE INTO search_words (word)
		SELECT value FROM json_each('["' || replace(new.search_text, ' ', '","') || '"]') WHERE value <> '';
END;
--> statement-breakpoint
-- Only a change to the words, place, price or liveness touches the index (not votes or photos).
CREATE TRIGGER `price_search_update`
AFTER UPDATE OF search_text, loc_token, price_cents, is_active, is_expired ON `price_reports`
WHEN old.search_text IS NOT new.search_text OR old.loc_token IS NOT new.loc_token OR old.price_cents IS NOT new.price_cents
	OR old.is_active IS NOT new.is_active OR old.is_expired IS NOT new.is_expired
BEGIN
	INSERT INTO price_search (price_search, rowid, terms) SELECT 'delete', k.key, (SELECT c || replace(old.search_text, ' ', ' ' || c) FROM
		(SELECT CASE WHEN substr(old.loc_token, 1, 1) = 'z' THEN old.loc_token ELSE 'x' || printf('%02d', length(old.loc_token) - 1) || substr(old.loc_token, 2) END AS c)) FROM (SELECT (min(old.price_cents, 16777215) << 31) | (2147483647 - old.id) AS key UNION ALL SELECT (1 << 62) | old.id) k WHERE old.is_active = 1 AND old.is_expired = 0;
	INSERT INTO price_search (rowid, terms) SELECT k.key, (SELECT c || replace(new.search_text, ' ', ' ' || c) FROM
		(SELECT CASE WHEN substr(new.loc_token, 1, 1) = 'z' THEN new.loc_token ELSE 'x' || printf('%02d', length(new.loc_token) - 1) || substr(new.loc_token, 2) END AS c)) FROM (SELECT (min(new.price_cents, 16777215) << 31) | (2147483647 - new.id) AS key UNION ALL SELECT (1 << 62) | new.id) k WHERE new.is_active = 1 AND new.is_expired = 0;
	INSERT OR IGNORE INTO search_words (word)
		SELECT value FROM json_each('["' || replace(new.search_text, ' ', '","') || '"]') WHERE value <> '' AND new.is_active = 1 AND new.is_expired = 0;
END;
--> statement-breakpoint
CREATE TRIGGER `price_search_delete` AFTER DELETE ON `price_reports`
WHEN old.is_active = 1 AND old.is_expired = 0
BEGIN
	INSERT INTO price_search (price_search, rowid, terms) SELECT 'delete', k.key, (SELECT c || replace(old.search_text, ' ', ' ' || c) FROM
		(SELECT CASE WHEN substr(old.loc_token, 1, 1) = 'z' THEN old.loc_token ELSE 'x' || printf('%02d', length(old.loc_token) - 1) || substr(old.loc_token, 2) END AS c)) FROM (SELECT (min(old.price_cents, 16777215) << 31) | (2147483647 - old.id) AS key UNION ALL SELECT (1 << 62) | old.id) k;
END;
--> statement-breakpoint
-- The live reports, in key order (FTS5 then writes long segments rather than many short ones), then merged into
-- one segment so that the first reports after this migration do not pay for the rebuild.
INSERT INTO price_search (rowid, terms)
	SELECT key, terms FROM (
		SELECT (min(r.price_cents, 16777215) << 31) | (2147483647 - r.id) AS key, (SELECT c || replace(r.search_text, ' ', ' ' || c) FROM
		(SELECT CASE WHEN substr(r.loc_token, 1, 1) = 'z' THEN r.loc_token ELSE 'x' || printf('%02d', length(r.loc_token) - 1) || substr(r.loc_token, 2) END AS c)) AS terms
		FROM price_reports r WHERE r.is_active = 1 AND r.is_expired = 0
		UNION ALL
		SELECT (1 << 62) | r.id AS key, (SELECT c || replace(r.search_text, ' ', ' ' || c) FROM
		(SELECT CASE WHEN substr(r.loc_token, 1, 1) = 'z' THEN r.loc_token ELSE 'x' || printf('%02d', length(r.loc_token) - 1) || substr(r.loc_token, 2) END AS c)) AS terms
		FROM price_reports r WHERE r.is_active = 1 AND r.is_expired = 0
	)
	ORDER BY key;
--> statement-breakpoint
INSERT OR IGNORE INTO search_words (word)
	SELECT w.value FROM price_reports r, json_each('["' || replace(r.search_text, ' ', '","') || '"]') w
	WHERE r.is_active = 1 AND r.is_expired = 0 AND w.value <> '';
--> statement-breakpoint
INSERT INTO price_search (price_search) VALUES ('optimize');
