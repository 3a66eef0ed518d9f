-- As 0008 for fuel: the user index also carries the station and fuel, so the shopper's earlier price of a fuel
-- at a station, which a new one replaces (src/gas/reports.ts), is one probe.
DROP INDEX `gas_reports_user_idx`;--> statement-breakpoint
CREATE INDEX `gas_reports_user_idx` ON `gas_price_reports` (`user_id`,`station_id`,`fuel_type`);