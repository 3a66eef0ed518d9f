/**
 * A station's price history (decision 0060): each fuel's trustworthy prices over the window, with
 * their lowest, typical and highest, beside the station's newest live reports and its miles from the shopper.
 */
import { FUEL_TYPES, type FuelType } from "../../db/enums.ts";
import { historyStation, type StationPriceRow, stationPrices, stationRecentReports } from "../data/fuel-prices.ts";
import type { Db } from "../db.ts";
import { toGasReportJson } from "../gas/index.ts";
import { millsToNumber } from "../lib/money.ts";
import { DAY_MS } from "../lib/time.ts";
import { milesBetween, roundMiles } from "../lib/zip.ts";
import { median } from "../reports/index.ts";
import type { StationHistoryQuery } from "./schemas.ts";
import type { FuelHistory, StationHistory } from "./shapes.ts";

/** The answer for a station id that names none (its history, its prices in the read API). */
export const STATION_NOT_FOUND = "Gas station not found";

/** The station page's recent reports: a phone screen's worth. */
export const RECENT_REPORTS_MAX = 10;

const iso = (ms: number) => new Date(ms).toISOString();

/** One fuel's points and their summary; the typical price is the median, in whole mills (halves up). */
export function fuelHistoryOf(fuelType: FuelType, rows: readonly StationPriceRow[]): FuelHistory {
	const mills = rows.map((r) => r.priceMills);
	const dollars = (m: number | null) => (m === null ? null : millsToNumber(m));
	return {
		fuelType,
		points: rows.map((r) => ({ reportId: r.id, price: millsToNumber(r.priceMills), reportedAt: iso(r.createdAt) })),
		summary: {
			reports: rows.length,
			lowest: dollars(mills.length ? Math.min(...mills) : null),
			typical: dollars(mills.length ? Math.round(median(mills)) : null),
			highest: dollars(mills.length ? Math.max(...mills) : null),
		},
	};
}

/** Miles between a zip and a station's place, as shown (one decimal); null where either is not on the map. */
function milesTo(zip: string | null, token: string): number | null {
	if (zip === null) return null;
	const miles = milesBetween(zip, token);
	return miles === null ? null : roundMiles(miles);
}

/**
 * The station's history over the window; null when there is no such station. Distances are from the zip asked
 * about (vacation mode), else the shopper's own.
 */
export async function stationHistory(
	db: Db,
	stationId: number,
	query: StationHistoryQuery,
	viewer: { id: string; zipCode: string | null },
	now = Date.now(),
): Promise<StationHistory | null> {
	const station = await historyStation(db, stationId);
	if (!station) return null;
	const distanceMiles = milesTo(query.zipCode ?? viewer.zipCode, station.locToken);
	const asked = query.fuelType ? [query.fuelType] : FUEL_TYPES;
	const rows = await stationPrices(db, { station: stationId, fuels: asked, since: now - query.days * DAY_MS });
	const byFuel = Map.groupBy(rows, (r) => r.fuelType);
	// The fuel asked for is answered even without a price in the window; unasked, only the fuels reported.
	const fuels = asked
		.filter((fuel) => query.fuelType !== undefined || byFuel.has(fuel))
		.map((fuel) => fuelHistoryOf(fuel, byFuel.get(fuel) ?? []));
	const recent = await stationRecentReports(db, { station: stationId, viewer: viewer.id, limit: RECENT_REPORTS_MAX });
	return {
		station: {
			id: station.id,
			name: station.name,
			address: station.address,
			zipCode: station.zipCode,
			distanceMiles,
			lastUpdated: station.lastUpdated === null ? null : iso(station.lastUpdated),
		},
		days: query.days,
		fuels,
		recentReports: recent.map((row) => toGasReportJson(row, distanceMiles, now)),
	};
}
