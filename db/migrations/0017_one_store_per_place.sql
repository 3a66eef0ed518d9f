-- A store or station is where it is, not where its reporter lives (issue 38): it is found by its name and
-- address (lookup key) among the places near the zip it is reported with, so a lookup by key alone. The
-- duplicates the old rule made (one shop under two reporters' home zips) merge in a start-up step
-- (src/reports/merge-places.ts): which zips are near is the app's ZIP table, not SQL.
CREATE INDEX `gas_stations_lookup_idx` ON `gas_stations` (`lookup_key`);--> statement-breakpoint
CREATE INDEX `stores_lookup_idx` ON `stores` (`lookup_key`);
