import { FUEL_TYPES, type FuelType } from "../../db/enums.ts";
import { liveReportCount, type StationRow, stationsAt, stationsById } from "../data/gas-stations.ts";
import type { Db } from "../db.ts";
import type { Car } from "../lib/car.ts";
import { millsToNumber } from "../lib/money.ts";
import { DAY_MS } from "../lib/time.ts";
import { milesBetween, NEAREST_AREAS, type NearPlace, neighbourhood, roundMiles } from "../lib/zip.ts";
import { PRICE_KEY } from "../reports/index.ts";
import { type FillUp, fillUpOf, worthTheDrive } from "./drive.ts";
import type { StationSort } from "./schemas.ts";

/** "Recent reports" in Quick Stats: the last week's. */
export const RECENT_DAYS = 7;
/** The nearby list is a phone screen's worth; the averages and counts still cover every station. */
export const NEARBY_MAX = 100;

const tokensOf = (near: readonly NearPlace[]) => near.map((p) => p.token);

/**
 * The stations of a neighbourhood with at least one active report (a station whose reports all expired drops
 * out), each with its miles from the shopper as shown (one decimal).
 */
async function stationsNear(db: Db, near: readonly NearPlace[]) {
	const milesOf = new Map(near.map((p) => [p.token, roundMiles(p.miles)]));
	const stations = await stationsAt(db, tokensOf(near));
	return stations.map((s) => ({ ...s, distanceMiles: milesOf.get(s.locToken) ?? 0 }));
}
/** A station with its miles from the shopper; null for a starred one far off whose place is not on the map. */
type NearStation = StationRow & { distanceMiles: number | null };

/** What the averages are made of: the sum and count of one fuel's prices. */
export type Tally = { sum: number; n: number };

/** Sum and count of one fuel's prices over some stations. */
function tally(stations: readonly StationRow[], fuel: FuelType): Tally {
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

/** The average in whole mills (halves up), as the Area Average card shows it; null without prices. */
export const averageMills = ({ sum, n }: { sum: number; n: number }) =>
	n === 0 ? null : Math.floor((2 * sum + n) / (2 * n));

/** The average in whole mills (halves up), as dollars; null without prices. */
export const averageDollars = (area: { sum: number; n: number }) => {
	const mills = averageMills(area);
	return mills === null ? null : millsToNumber(mills);
};

const price = (mills: number | null) => (mills === null ? null : millsToNumber(mills));

/** What the list compares each station with: the area's prices of `fuel`, and the shopper's fill-up. */
type Comparison = { fuel: FuelType; area: { sum: number; n: number }; fill: FillUp };

/** Worth the drive for `fuel` at a station; null when it has no price for it. */
function savingsAt(s: NearStation, { fuel, area, fill }: Comparison): number | null {
	const mills = s[PRICE_KEY[fuel]];
	const average = averageMills(area);
	if (mills === null || average === null || s.distanceMiles === null) return null;
	return worthTheDrive(mills, average, s.distanceMiles, fill);
}

/**
 * Spec §3 "Gas station", plus its zip, its miles from the shopper and what a fill-up there saves after the
 * drive; priceComparison is against the area average of `fuel`.
 */
function toStationJson(
	s: NearStation,
	{ fuel, area }: Comparison,
	worthTheDriveDollars: number | null,
	starred = false,
) {
	const mills = s[PRICE_KEY[fuel]];
	return {
		id: s.id,
		name: s.name,
		address: s.address,
		zipCode: s.zipCode,
		distanceMiles: s.distanceMiles,
		worthTheDriveDollars,
		lastUpdated: s.lastUpdated === null ? null : new Date(s.lastUpdated).toISOString(),
		reportsCount: s.reportsCount,
		priceComparison: mills === null || area.n === 0 ? null : percentFromAverage(mills, area.sum, area.n),
		regularPrice: price(s.regularPriceMills),
		premiumPrice: price(s.premiumPriceMills),
		dieselPrice: price(s.dieselPriceMills),
		e85Price: price(s.e85PriceMills),
		electricPrice: price(s.electricPriceMills),
		/** Starred by the shopper asking; the shared per-zip list says false, and starredFirst sets it. */
		starred,
	};
}
export type StationJson = ReturnType<typeof toStationJson>;

const LAST = Number.POSITIVE_INFINITY;
type Ranked = { station: NearStation; savings: number | null; price: number; saving: number };

const milesOf = (r: Ranked) => r.station.distanceMiles ?? LAST;

/**
 * Each order's first key, then the next ones. A station without the fuel's price (or, starred far off, a
 * place on the map) ranks at infinity, last; two of them compare as NaN, which `||` passes over to the next key.
 */
const ORDERS: Record<StationSort, (a: Ranked, b: Ranked) => number> = {
	distance: (a, b) => milesOf(a) - milesOf(b) || a.price - b.price,
	price: (a, b) => a.price - b.price,
	savings: (a, b) => a.saving - b.saving || milesOf(a) - milesOf(b),
};

/** Stations in the order asked for; ties go to the freshest. */
function ranked(stations: readonly NearStation[], comparison: Comparison, sort: StationSort): Ranked[] {
	const key = PRICE_KEY[comparison.fuel];
	const list = stations.map((station): Ranked => {
		const savings = savingsAt(station, comparison);
		// Sorted ascending: the biggest saving is the smallest negative.
		return { station, savings, price: station[key] ?? LAST, saving: -(savings ?? -LAST) };
	});
	const order = ORDERS[sort];
	return list.sort(
		(a, b) => order(a, b) || (b.station.lastUpdated ?? 0) - (a.station.lastUpdated ?? 0) || a.station.id - b.station.id,
	);
}

/**
 * Nearby stations in the order asked for, at most NEARBY_MAX of them; ties go to the freshest. Each carries
 * its miles and what a fill-up of `fuel` there saves for `car` after the drive. `areas`: how many ZIP areas
 * around the zip are nearby (more than the neighbourhood's to reach a quiet town's nearest stations).
 */
export async function listNearbyStations(
	db: Db,
	zip: string,
	fuel: FuelType,
	sort: StationSort,
	car: Car,
	areas = NEAREST_AREAS,
): Promise<StationJson[]> {
	return (await nearbyWithArea(db, zip, fuel, sort, car, areas)).stations;
}

/** The nearby list with the area's tally of `fuel` it was compared with (areaTally's), from one read. */
export async function nearbyWithArea(
	db: Db,
	zip: string,
	fuel: FuelType,
	sort: StationSort,
	car: Car,
	areas = NEAREST_AREAS,
) {
	const stations = await stationsNear(db, neighbourhood(zip, areas));
	const comparison: Comparison = { fuel, area: tally(stations, fuel), fill: fillUpOf(car, fuel) };
	const list = ranked(stations, comparison, sort).slice(0, NEARBY_MAX);
	return { stations: list.map((r) => toStationJson(r.station, comparison, r.savings)), area: comparison.area };
}

/** The prices of `fuel` the stations of `areas` around the zip average to (what each station is compared with). */
export const areaTally = async (db: Db, zip: string, fuel: FuelType, areas = NEAREST_AREAS): Promise<Tally> =>
	tally(await stationsNear(db, neighbourhood(zip, areas)), fuel);

type StarredOptions = { zip: string; fuel: FuelType; sort: StationSort; car: Car; area: Tally };

/**
 * The nearby list as one shopper sees it: their starred stations first, in the order asked for among
 * themselves and wherever they are (a spot near work is shown with its miles from home), then the rest.
 * `nearby` is the shared per-zip list, which holds no one's stars; `area` is its neighbourhood's tally.
 */
export async function starredFirst(
	db: Db,
	nearby: readonly StationJson[],
	starred: ReadonlySet<number>,
	{ zip, fuel, sort, car, area }: StarredOptions,
): Promise<StationJson[]> {
	const near = new Map(neighbourhood(zip).map((p) => [p.token, roundMiles(p.miles)]));
	const mine = (await stationsById(db, starred)).map((s): NearStation => {
		const miles = near.get(s.locToken) ?? milesBetween(zip, s.locToken);
		return { ...s, distanceMiles: miles === null ? null : roundMiles(miles) };
	});
	const comparison: Comparison = { fuel, area, fill: fillUpOf(car, fuel) };
	const first = ranked(mine, comparison, sort).map((r) => toStationJson(r.station, comparison, r.savings, true));
	return [...first, ...nearby.filter((s) => !starred.has(s.id))];
}

/** The Area Average card and Quick Stats: each fuel's average nearby, stations tracked, the week's reports. */
export async function nearbySummary(db: Db, zip: string, now = Date.now()) {
	const near = neighbourhood(zip);
	const stations = await stationsNear(db, near);
	const averages = {} as Record<FuelType, number | null>;
	const stationsWithPrice = {} as Record<FuelType, number>;
	for (const fuel of FUEL_TYPES) {
		const t = tally(stations, fuel);
		averages[fuel] = averageDollars(t);
		stationsWithPrice[fuel] = t.n;
	}
	const recent = await liveReportCount(db, tokensOf(near), now - RECENT_DAYS * DAY_MS);
	return {
		zipCode: zip,
		averages,
		stationsWithPrice,
		stationsTracked: stations.length,
		recentReports: recent,
		recentDays: RECENT_DAYS,
	};
}
