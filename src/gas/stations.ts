import { FUEL_TYPES, type FuelType } from "../../db/schema.ts";
import type { Db } from "../db.ts";
import { millsToNumber } from "../lib/money.ts";
import { DAY_MS } from "../lib/time.ts";
import { locTokenRange } from "../lib/zip.ts";
import { PRICE_KEY } from "../reports/write-fuel.ts";
import { liveReportCount, type StationRow, stationsBetween } from "./gas.sql.ts";

/** "Recent reports" in Quick Stats: the last week's. */
export const RECENT_DAYS = 7;
/** The nearby list is a phone screen's worth; the averages and counts still cover every station. */
export const NEARBY_MAX = 100;

/** Stations within 20 zips with at least one active report (a station whose reports all expired drops out). */
function stationsNear(db: Db, zip: string): StationRow[] {
	return stationsBetween(db, ...locTokenRange(zip));
}

/** Sum and count of one fuel's prices over some stations. */
function tally(stations: readonly StationRow[], fuel: FuelType) {
	let sum = 0;
	let n = 0;
	for (const s of stations) {
		const mills = s[PRICE_KEY[fuel]];
		if (mills !== null) {
			sum += mills;
			n += 1;
		}
	}
	return { sum, n };
}

/**
 * Percent above (+) or below (-) the average, to one decimal, halves away from zero. Worked in integers
 * (price x n - sum over sum) so a figure like 9.05 cannot land on the wrong side of its rounding.
 */
export function percentFromAverage(priceMills: number, sum: number, n: number): number {
	const numerator = (priceMills * n - sum) * 1000; // tenths of a percent, times sum
	const tenths = Math.floor((2 * Math.abs(numerator) + sum) / (2 * sum));
	return tenths === 0 ? 0 : (Math.sign(numerator) * tenths) / 10;
}

/** The average in whole mills (halves up), as dollars; null without prices. */
export const averageDollars = ({ sum, n }: { sum: number; n: number }) =>
	n === 0 ? null : millsToNumber(Math.floor((2 * sum + n) / (2 * n)));

const price = (mills: number | null) => (mills === null ? null : millsToNumber(mills));

/** Spec §3 "Gas station", plus its zip; priceComparison is against the area average of `fuel`. */
function toStationJson(s: StationRow, fuel: FuelType, area: { sum: number; n: number }) {
	const mills = s[PRICE_KEY[fuel]];
	return {
		id: s.id,
		name: s.name,
		address: s.address,
		zipCode: s.zipCode,
		lastUpdated: s.lastUpdated === null ? null : new Date(s.lastUpdated).toISOString(),
		reportsCount: s.reportsCount,
		priceComparison: mills === null || area.n === 0 ? null : percentFromAverage(mills, area.sum, area.n),
		regularPrice: price(s.regularPriceMills),
		premiumPrice: price(s.premiumPriceMills),
		dieselPrice: price(s.dieselPriceMills),
		e85Price: price(s.e85PriceMills),
		electricPrice: price(s.electricPriceMills),
	};
}
export type StationJson = ReturnType<typeof toStationJson>;

/** Nearby stations, cheapest first for `fuel`; those without that price last, then the freshest first. */
export function listNearbyStations(db: Db, zip: string, fuel: FuelType): StationJson[] {
	const stations = stationsNear(db, zip);
	const area = tally(stations, fuel);
	const key = PRICE_KEY[fuel];
	const sorted = [...stations].sort(
		(a, b) =>
			(a[key] ?? Number.POSITIVE_INFINITY) - (b[key] ?? Number.POSITIVE_INFINITY) ||
			(b.lastUpdated ?? 0) - (a.lastUpdated ?? 0) ||
			a.id - b.id,
	);
	return sorted.slice(0, NEARBY_MAX).map((s) => toStationJson(s, fuel, area));
}

/** The Area Average card and Quick Stats: each fuel's average nearby, stations tracked, the week's reports. */
export function nearbySummary(db: Db, zip: string, now = Date.now()) {
	const stations = stationsNear(db, zip);
	const averages = {} as Record<FuelType, number | null>;
	const stationsWithPrice = {} as Record<FuelType, number>;
	for (const fuel of FUEL_TYPES) {
		const t = tally(stations, fuel);
		averages[fuel] = averageDollars(t);
		stationsWithPrice[fuel] = t.n;
	}
	const recent = liveReportCount(db, ...locTokenRange(zip), now - RECENT_DAYS * DAY_MS);
	return {
		zipCode: zip,
		averages,
		stationsWithPrice,
		stationsTracked: stations.length,
		recentReports: recent,
		recentDays: RECENT_DAYS,
	};
}
