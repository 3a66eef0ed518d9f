/**
 * The open-data export's format (decision 0069): JSON lines, one object per line, each with its `type`.
 * The first line is the header; stores and stations come before the prices that name them. Prices are in
 * dollars (products to the cent, fuel to the tenth of a cent). Nothing private: a reporter is named only
 * where their profile is public. `commoncents import commoncents FILE` reads it back (import-cli.ts).
 * The CSV format is the price lines flattened, with their store or station, one row each.
 */
import type { FuelPayment, FuelType, PriceType, SizeUnit } from "../../db/enums.ts";

export const EXPORT_FORMAT = "commoncents-open-data";
export const EXPORT_VERSION = 1;

export type ExportHeader = {
	type: "header";
	format: typeof EXPORT_FORMAT;
	version: typeof EXPORT_VERSION;
	/** ISO 8601. */
	exportedAt: string;
	/** An SPDX identifier the operator chose (DATA_LICENSE), "ODbL-1.0" by default. */
	license: string;
	licenseUrl: string | null;
	/** Whom to credit (DATA_ATTRIBUTION). */
	attribution: string;
	/** The exporting instance's id (instance.ts): an importer keys the prices by it and their ids. */
	instance: string;
	counts: { stores: number; stations: number; prices: number; fuelPrices: number };
};

/** How fresh a price is: when it was reported, when it was last reported or confirmed, its confidence now. */
export type Freshness = {
	reportedAt: string;
	lastSeenAt: string;
	confirmations: number;
	/** 0..1, decaying with age (decision 0054). */
	confidence: number;
};

export type ExportStore = { type: "store"; id: number; name: string; address: string; zipCode: string | null };
export type ExportStation = { type: "station"; id: number; name: string; address: string; zipCode: string | null };

export type ExportPrice = Freshness & {
	type: "price";
	id: number;
	storeId: number;
	productName: string;
	/** The product's barcode as a normalised GTIN (13 digits, decision 0089), when its reporter gave one. */
	barcode: string | null;
	/** The category's slug ("dairy"). */
	category: string;
	/** Dollars; a multi-buy's is one's share of its bundle, rounded to the cent. */
	price: number;
	/**
	 * What the price asks of the shopper (decision 0093): regular, a sale, members only, or a multi-buy. An
	 * export from before price types has none of these three: its prices are regular.
	 */
	priceType: PriceType;
	/** A sale's last day (YYYY-MM-DD), when its reporter gave one; else null. */
	saleEnds: string | null;
	/** A multi-buy's bundle ("2 for $5": quantity 2, price 5 dollars); else null. */
	multiBuy: { quantity: number; price: number } | null;
	size: { quantity: number; unit: SizeUnit } | null;
	/** The ZIP the price counts in. */
	zipCode: string;
	/** A public profile's username, else null. */
	reporter: string | null;
};

export type ExportFuelPrice = Freshness & {
	type: "fuel_price";
	id: number;
	stationId: number;
	fuelType: FuelType;
	price: number;
	/** Cash or card, where the price is for that payment only; null (or, before price types, none) is either. */
	payment: FuelPayment | null;
	zipCode: string | null;
	reporter: string | null;
};

export type ExportLine = ExportHeader | ExportStore | ExportStation | ExportPrice | ExportFuelPrice;

/** The export's two shapes: JSON lines (every line type above) or CSV (a row per price, with its place). */
export const EXPORT_FORMATS = ["jsonl", "csv"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export type ExportCounts = ExportHeader["counts"];
