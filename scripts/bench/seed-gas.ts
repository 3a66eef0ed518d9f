/** The bench database's gas stations and fuel reports (scripts/bench/seed.ts), from the same generator. */
import type { Database } from "bun:sqlite";
import { STATION_WINDOWS } from "../../src/history/schemas.ts";
import { placeLookupKey } from "../../src/lib/normalize.ts";
import { locToken } from "../../src/lib/zip.ts";
import { FUEL_MAX_AGE_DAYS } from "../../src/reports/markets.ts";
import { FUELS, pick, type Rng, stationName, streetAddress, weightedPicker } from "./data.ts";
import type { ZipArea } from "./seed-places.ts";

export const DAY = 86_400_000;
export const HOUR = 3_600_000;
/** Shares of fuel reports still live, and how far back the rest go: a station page's longest window. */
const GAS_LIVE_SHARE = 0.45;
const GAS_HISTORY_DAYS = Math.max(...STATION_WINDOWS);

type Shoppers = {
	o: { now: number; stations: number; gasReports: number; users: number };
	r: Rng;
	area: ZipArea;
	userIds: string[];
	usersByZip: number[][];
	userZip: Int32Array;
};

/** Stations, then their fuel reports in time order, then each station's cached prices as the triggers keep them. */
export function seedGas(
	sqlite: Database,
	{ o, r, area, userIds, usersByZip, userZip }: Shoppers,
	log: (name: string, rows: number) => void,
) {
	// Gas stations and their fuel reports; station caches are set the way the report path and triggers keep them.
	const stationZip = new Int32Array(o.stations);
	const stationFuels: number[][] = [];
	const stationFactor = new Float64Array(o.stations);
	sqlite.transaction(() => {
		const insert =
			sqlite.prepare(`INSERT INTO gas_stations (name, address, zip_code, phone, lookup_key, loc_token, created_at)
      VALUES (?, ?, ?, ?, ?, ?, ?)`);
		// Every name and address once: the same one in neighbouring ZIPs would be one place to the app, which
		// merges such pairs when it starts (src/reports/merge-places.ts).
		const seen = new Set<string>();
		for (let i = 0; i < o.stations; i++) {
			const z = area.pick(r);
			let name = stationName(r);
			let address = streetAddress(r);
			while (seen.has(placeLookupKey(name, address))) {
				name = stationName(r);
				address = streetAddress(r);
			}
			seen.add(placeLookupKey(name, address));
			stationZip[i] = z;
			stationFactor[i] = 0.9 + r() * 0.2;
			const ev = name.startsWith("EV ");
			stationFuels.push(ev ? [4] : r() < 0.25 ? [0, 1, 2, 3, 4] : r() < 0.6 ? [0, 1, 2] : [0, 1]);
			insert.run(
				name,
				address,
				area.zips[z]!,
				r() < 0.5 ? `(555) 555-${String(Math.floor(r() * 10_000)).padStart(4, "0")}` : null,
				placeLookupKey(name, address),
				locToken(area.zips[z]!),
				o.now - Math.floor((GAS_HISTORY_DAYS + r() * 300) * DAY),
			);
		}
	})();
	log("gas stations", o.stations);

	const gasWhen = new Float64Array(o.gasReports);
	for (let i = 0; i < o.gasReports; i++) {
		gasWhen[i] =
			r() < GAS_LIVE_SHARE
				? o.now - Math.floor(r() * FUEL_MAX_AGE_DAYS * DAY * 0.95) - 60_000
				: o.now - FUEL_MAX_AGE_DAYS * DAY - HOUR - Math.floor(r() * (GAS_HISTORY_DAYS - FUEL_MAX_AGE_DAYS) * DAY);
	}
	gasWhen.sort();
	const stationPicker = weightedPicker(Array.from({ length: o.stations }, () => 0.3 + 2 * r() * r()));
	sqlite.transaction(() => {
		const insert =
			sqlite.prepare(`INSERT INTO gas_price_reports (user_id, station_id, fuel_type, price_mills, def_price_cents,
      vacation_mode, report_zip_code, verification_confidence, verification_reason, is_expired, expired_at, expired_reason,
      created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
		for (let i = 0; i < o.gasReports; i++) {
			const when = gasWhen[i]!;
			const station = stationPicker(r);
			const z = stationZip[station]!;
			const locals = usersByZip[z]!;
			const local = locals.length > 0 && r() < 0.9;
			const user = local ? locals[Math.floor(r() * locals.length)]! : Math.floor(r() * o.users);
			const vacation = !local && userZip[user] !== z;
			const fuel = FUELS[pick(r, stationFuels[station]!)]!;
			const mills = Math.round(fuel.mills * stationFactor[station]! * (0.97 + r() * 0.06));
			const def = fuel.type === "diesel" && r() < 0.3 ? 350 + Math.floor(r() * 150) : null;
			const expired = when < o.now - FUEL_MAX_AGE_DAYS * DAY;
			const expiredAt = expired ? when + FUEL_MAX_AGE_DAYS * DAY + Math.floor(r() * HOUR) : null;
			insert.run(
				userIds[user]!,
				station + 1,
				fuel.type,
				mills,
				def,
				vacation ? 1 : 0,
				vacation ? area.zips[z]! : null,
				Math.round((0.55 + r() * 0.4) * 100) / 100,
				"In line with recent reports nearby.",
				expired ? 1 : 0,
				expiredAt,
				expired ? `Older than ${FUEL_MAX_AGE_DAYS} days` : null,
				when,
				expiredAt ?? when,
			);
		}
		// The station cache as migration 0002's triggers compute it.
		const latest = (
			fuel: string,
		) => `(SELECT r.price_mills FROM gas_price_reports r WHERE r.station_id = gas_stations.id
      AND r.is_active = 1 AND r.is_expired = 0 AND r.fuel_type = '${fuel}' ORDER BY r.created_at DESC, r.id DESC LIMIT 1)`;
		sqlite.exec(`UPDATE gas_stations SET regular_price_mills = ${latest("regular")}, premium_price_mills = ${latest("premium")},
      diesel_price_mills = ${latest("diesel")}, e85_price_mills = ${latest("e85")}, electric_price_mills = ${latest("electric")},
      reports_count = (SELECT count(*) FROM gas_price_reports r WHERE r.station_id = gas_stations.id AND r.is_active = 1 AND r.is_expired = 0),
      last_updated = (SELECT max(r.created_at) FROM gas_price_reports r WHERE r.station_id = gas_stations.id AND r.is_active = 1 AND r.is_expired = 0)`);
	})();
	log("gas reports", o.gasReports);
}
