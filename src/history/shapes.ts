/**
 * What the history answers hold. Prices are dollars, as in every read shape; times are ISO strings,
 * days "YYYY-MM-DD" in UTC. The web reads these types through the API client, never re-declares them.
 */
import type { FuelType, SizeUnit } from "../../db/enums.ts";
import type { ReportResult, termsJson } from "../deals/index.ts";
import type { GasReportJson } from "../gas/index.ts";
import type { ProductWindow, StationWindow } from "./schemas.ts";

/** One reported price on a chart. */
export type PricePoint = { reportId: number; price: number; reportedAt: string };
/** The price of one bucket of days (the median line, the area trend). */
export type DayPrice = { date: string; price: number };
/**
 * A price with what it asks (a member price, a sale, a multi-buy's bundle, of which `price` is one's share), and
 * where and when it was reported.
 */
export type NotedPrice = ReturnType<typeof termsJson> & { price: number; reportedAt: string; storeName: string };

/** The shopper's own last price of a product: a report they made, or a deal they took. */
export type LastPrice = {
	price: number;
	paidAt: string;
	source: "report" | "deal";
	storeName: string;
};

/** The shopper's last price against the typical price near them now (the report form's reminder). */
export type YouPaid = LastPrice & {
	/** The typical price near the shopper now (the median of the live trustworthy reports); null without any. */
	typicalNow: number | null;
	/** typicalNow minus what they paid, in dollars (up is dearer); null without a typical price. */
	change: number | null;
};

/** The shopper's last price against a history's one typical price (its summary's, over its window). */
export type PaidAgainstTypical = LastPrice & {
	/** The history's typical price minus what they paid, in dollars (up: they paid less); null without one. */
	change: number | null;
};

export type ProductHistory = {
	/**
	 * A barcode's product: the name shoppers give it most, or as one corrected it. Another: the name as the latest
	 * report in the window spells it (the query's when there is none).
	 */
	productName: string;
	/** A barcode's product: its code, brand and size, and whether the viewer may correct them (they reported it). */
	product: {
		barcode: string;
		brand: string | null;
		size: { quantity: number; unit: SizeUnit } | null;
		correctable: boolean;
	} | null;
	categoryId: number;
	categoryName: string;
	zipCode: string;
	days: ProductWindow;
	/**
	 * One series per store for the stores with the most reports in the window (at most CHARTED_STORES), the store
	 * with the latest report first; the median and the summary count every store.
	 */
	stores: {
		id: number;
		name: string;
		address: string;
		distanceMiles: number | null;
		points: PricePoint[];
	}[];
	/** The median of the prices reported in each bucket (a day for the shortest window, a week for longer), oldest first. */
	median: DayPrice[];
	summary: {
		reports: number;
		/** Stores with a report in the window, charted or not. */
		stores: number;
		lowest: NotedPrice | null;
		/**
		 * The page's one typical price: the median of every price in the window (`days`), every store. What the
		 * viewer paid is compared with it.
		 */
		typical: number | null;
		highest: NotedPrice | null;
	};
	/**
	 * Each store's latest price where it is live, trustworthy and in stock, cheapest first (a few), as search
	 * shows them (the viewer's star too).
	 */
	bestOffers: ReportResult[];
	/** What the viewer paid last, against `summary.typical`. */
	youPaid: PaidAgainstTypical | null;
};

export type FuelHistory = {
	fuelType: FuelType;
	points: PricePoint[];
	summary: { reports: number; lowest: number | null; typical: number | null; highest: number | null };
};

export type StationHistory = {
	station: {
		id: number;
		name: string;
		address: string;
		zipCode: string | null;
		/** Miles from the shopper's zip (one decimal); null where either place is not on the map. */
		distanceMiles: number | null;
		lastUpdated: string | null;
	};
	days: StationWindow;
	/** The asked fuel, or every fuel with a report in the window, in FUEL_TYPES order. */
	fuels: FuelHistory[];
	/** The station's latest live reports, newest first (a short list). */
	recentReports: GasReportJson[];
};

export type AreaTrend = {
	fuelType: FuelType;
	zipCode: string;
	/**
	 * Each day of the trend, oldest first: the average over the stations of each one's latest price reported by
	 * the day's end, while it was reported that day or within a fuel price's lifetime before it (decision 0060).
	 */
	days: { date: string; average: number | null; stations: number }[];
	now: number | null;
	weekAgo: number | null;
	/** now minus weekAgo, in dollars; null when either is. */
	change: number | null;
};
