/**
 * The Gas page's area trend (decision 0060): for each of the last days, the average of the prices the
 * neighbourhood's stations stood at when the day ended. A station's price stands from its report until a newer
 * one replaces it, for as long as a fuel price lives (FUEL_MAX_AGE_DAYS): the Area Average card's rule, applied
 * to each past day.
 */
import type { FuelType } from "../../db/enums.ts";
import { type AreaPriceRow, areaPrices } from "../data/fuel-prices.ts";
import type { Db } from "../db.ts";
import { averageMills } from "../gas/index.ts";
import { millsToNumber } from "../lib/money.ts";
import { DAY_MS } from "../lib/time.ts";
import { nearTokens } from "../lib/zip.ts";
import { FUEL_MAX_AGE_DAYS } from "../reports/index.ts";
import { TREND_DAYS } from "./schemas.ts";
import type { AreaTrend } from "./shapes.ts";

/** The day the change is measured against: a week before today. */
export const CHANGE_DAYS = 7;

type Day = { date: string; averageMills: number | null; stations: number };

/**
 * Each day's average, oldest first, from the prices in time order: the latest price of each station reported
 * before the day's end, counted while it was reported that day or within the FUEL_MAX_AGE_DAYS before.
 */
function dayAverages(rows: readonly AreaPriceRow[], firstDay: number, days: number): Day[] {
	const latest = new Map<number, AreaPriceRow>();
	const out: Day[] = [];
	let next = 0;
	for (let d = 0; d < days; d++) {
		const start = firstDay + d * DAY_MS;
		const end = start + DAY_MS;
		for (; next < rows.length && rows[next]!.createdAt < end; next++) latest.set(rows[next]!.stationId, rows[next]!);
		const oldest = start - FUEL_MAX_AGE_DAYS * DAY_MS;
		let sum = 0;
		let n = 0;
		for (const row of latest.values()) {
			if (row.createdAt < oldest) continue;
			sum += row.priceMills;
			n += 1;
		}
		out.push({ date: new Date(start).toISOString().slice(0, 10), averageMills: averageMills({ sum, n }), stations: n });
	}
	return out;
}

const dollars = (mills: number | null) => (mills === null ? null : millsToNumber(mills));

/** The last TREND_DAYS days (UTC, today last) of the area average of `fuel` near `zip`. */
export async function areaTrend(db: Db, zip: string, fuel: FuelType, now = Date.now()): Promise<AreaTrend> {
	const today = Math.floor(now / DAY_MS) * DAY_MS;
	const firstDay = today - (TREND_DAYS - 1) * DAY_MS;
	const rows = await areaPrices(db, { tokens: nearTokens(zip), fuel, since: firstDay - FUEL_MAX_AGE_DAYS * DAY_MS });
	const days = dayAverages(rows, firstDay, TREND_DAYS);
	const nowMills = days.at(-1)?.averageMills ?? null;
	const weekAgoMills = days.at(-1 - CHANGE_DAYS)?.averageMills ?? null;
	return {
		fuelType: fuel,
		zipCode: zip,
		days: days.map((d) => ({ date: d.date, average: dollars(d.averageMills), stations: d.stations })),
		now: dollars(nowMills),
		weekAgo: dollars(weekAgoMills),
		change: nowMills === null || weekAgoMills === null ? null : millsToNumber(nowMills - weekAgoMills),
	};
}
