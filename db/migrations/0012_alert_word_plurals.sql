-- The alert word index holds each word's plural-folded stem (src/alerts/words.ts). The folding now also takes
-- the s off words ending in "is" (kiwis, chilis, skis) and folds ten irregular plurals (lenses, knives, leaves,
-- loaves, halves, shelves, mice, geese, teeth, feet). Reports are folded the new way, so stored words are
-- rewritten to match, or an alert for "kiwis" would stop matching. A stored word ending in "is" was always
-- its own product word, so its new stem is it without the s. "OR IGNORE" then the delete: an alert naming
-- both forms ("kiwi kiwis") keeps one row, and its word count follows.
UPDATE OR IGNORE `price_alert_words` SET `word` = substr(`word`, 1, length(`word`) - 1)
	WHERE `word` GLOB '*is' AND length(`word`) > 3;--> statement-breakpoint
DELETE FROM `price_alert_words` WHERE `word` GLOB '*is' AND length(`word`) > 3;--> statement-breakpoint
UPDATE OR IGNORE `price_alert_words` SET `word` = CASE `word`
	WHEN 'lense' THEN 'len' WHEN 'knive' THEN 'knife' WHEN 'leave' THEN 'leaf' WHEN 'loave' THEN 'loaf'
	WHEN 'halve' THEN 'half' WHEN 'shelve' THEN 'shelf' WHEN 'mice' THEN 'mouse' WHEN 'geese' THEN 'goose'
	WHEN 'teeth' THEN 'tooth' WHEN 'feet' THEN 'foot' END
	WHERE `word` IN ('lense', 'knive', 'leave', 'loave', 'halve', 'shelve', 'mice', 'geese', 'teeth', 'feet');--> statement-breakpoint
DELETE FROM `price_alert_words`
	WHERE `word` IN ('lense', 'knive', 'leave', 'loave', 'halve', 'shelve', 'mice', 'geese', 'teeth', 'feet');
--> statement-breakpoint
UPDATE `price_alerts` SET `word_count` = (SELECT count(*) FROM `price_alert_words` w WHERE w.`alert_id` = `price_alerts`.`id`)
	WHERE `word_count` <> (SELECT count(*) FROM `price_alert_words` w WHERE w.`alert_id` = `price_alerts`.`id`);
