/**
 * The open-data export (decision 0069): the live prices, products and fuel, with the stores and stations
 * they name, their ZIP and their freshness, stamped with the operator's licence and attribution. JSON lines
 * (format.ts) or CSV (csv.ts). It reads on a read-only connection of its own inside one read transaction, so
 * the header's counts, the places and the prices are one moment's, while the server keeps writing; rows are
 * iterated and handed on in chunks, never held whole.
 */
import { ExportSnapshot, type FuelPriceRow, type PlaceRow, type PriceRow } from "../data/open-data-export.ts";
import type { TrustInput } from "../data/report-columns.ts";
import { DATA_LICENSE_URLS } from "../lib/data-license.ts";
import { fuelFreshDays, productFreshDays, trustOf } from "../reports/index.ts";
import { csvHeader, csvRow } from "./csv.ts";
import {
	EXPORT_FORMAT,
	EXPORT_VERSION,
	type ExportFormat,
	type ExportFuelPrice,
	type ExportHeader,
	type ExportLine,
	type ExportPrice,
	type Freshness,
} from "./format.ts";

export { ExportError } from "../data/open-data-export.ts";

export type ExportOptions = {
	format: ExportFormat;
	/** An SPDX identifier (config.openData.license). */
	license: string;
	/** Defaults to the URL known for the licence (env.ts DATA_LICENSE_URLS), else none. */
	licenseUrl?: string | null;
	attribution: string;
	/** This instance's id; by default the one kept in the database, made there on the first export (src/data/instance-settings.ts). */
	instance?: string;
	/** The moment freshness is measured at and the export is dated (tests); now by default. */
	now?: number;
};

/** Chunks are handed on at about this size: large enough to cost few writes, small enough to stream. */
const CHUNK_CHARS = 64 * 1024;

/**
 * Writes the export of the database at `dbPath` chunk by chunk, awaiting each write (a file, a response
 * body); returns the header it was stamped with (its counts, licence and date).
 */
export async function exportOpenData(
	dbPath: string,
	options: ExportOptions,
	write: (chunk: string) => void | Promise<void>,
): Promise<ExportHeader> {
	const chunks = openDataChunks(dbPath, options);
	for (;;) {
		const next = chunks.next();
		if (next.done) return next.value;
		await write(next.value);
	}
}

/**
 * The export as chunks of text, for a consumer that pulls (an HTTP body). Its connection closes when the
 * last chunk is taken or the generator is returned early (a download cancelled), whichever comes first.
 */
export function* openDataChunks(dbPath: string, options: ExportOptions): Generator<string, ExportHeader> {
	const snapshot = ExportSnapshot.open(dbPath);
	try {
		const instance = options.instance ?? snapshot.instanceId();
		// One snapshot from the first read to the last (WAL): what the header counts is what follows.
		snapshot.begin();
		const now = options.now ?? Date.now();
		const header: ExportHeader = {
			type: "header",
			format: EXPORT_FORMAT,
			version: EXPORT_VERSION,
			exportedAt: new Date(now).toISOString(),
			license: options.license,
			licenseUrl: options.licenseUrl === undefined ? (DATA_LICENSE_URLS[options.license] ?? null) : options.licenseUrl,
			attribution: options.attribution,
			instance,
			counts: snapshot.counts(),
		};
		const lines = options.format === "csv" ? csvLines(snapshot, header, now) : jsonLines(snapshot, header, now);
		let buffer = "";
		for (const line of lines) {
			buffer += line;
			if (buffer.length >= CHUNK_CHARS) {
				yield buffer;
				buffer = "";
			}
		}
		if (buffer) yield buffer;
		snapshot.commit();
		return header;
	} finally {
		snapshot.close();
	}
}

/** The header, the stores, the stations, then the prices that name them: a reader meets each place first. */
function* jsonLines(snapshot: ExportSnapshot, header: ExportHeader, now: number): Generator<string> {
	const line = (value: ExportLine) => `${JSON.stringify(value)}\n`;
	yield line(header);
	for (const s of snapshot.stores()) yield line({ type: "store", ...place(s) });
	for (const s of snapshot.stations()) yield line({ type: "station", ...place(s) });
	for (const row of snapshot.prices()) yield line(productPrice(row, now));
	for (const row of snapshot.fuelPrices()) yield line(fuelPrice(row, now));
}

/** A row per price, with its place and the licence; the header's counts are the JSON lines' alone. */
function* csvLines(snapshot: ExportSnapshot, header: ExportHeader, now: number): Generator<string> {
	const stamp = { license: header.license, license_url: header.licenseUrl, attribution: header.attribution };
	yield csvHeader();
	for (const row of snapshot.prices()) {
		const price = productPrice(row, now);
		yield csvRow({
			...placeCells(row, row.storeId),
			...freshnessCells(price),
			type: "price",
			id: price.id,
			product_name: price.productName,
			barcode: price.barcode,
			category: price.category,
			fuel_type: null,
			price: (row.priceCents / 100).toFixed(2),
			size_quantity: price.size?.quantity ?? null,
			size_unit: price.size?.unit ?? null,
			zip_code: price.zipCode,
			reporter: price.reporter,
			...stamp,
			price_type: price.priceType,
			sale_ends: price.saleEnds,
			multi_quantity: price.multiBuy?.quantity ?? null,
			multi_price: row.multiPriceCents === null ? null : (row.multiPriceCents / 100).toFixed(2),
			payment: null,
		});
	}
	for (const row of snapshot.fuelPrices()) {
		const price = fuelPrice(row, now);
		yield csvRow({
			...placeCells(row, row.stationId),
			...freshnessCells(price),
			type: "fuel_price",
			id: price.id,
			product_name: null,
			barcode: null,
			category: null,
			fuel_type: price.fuelType,
			price: (row.priceMills / 1000).toFixed(3),
			size_quantity: null,
			size_unit: null,
			zip_code: price.zipCode,
			reporter: price.reporter,
			...stamp,
			price_type: null,
			sale_ends: null,
			multi_quantity: null,
			multi_price: null,
			payment: price.payment,
		});
	}
}

/**
 * A place's own zip, else the zip its location token stands for (where the app places it: the zip it was
 * first reported with, as a store card shows it); "" for a place with neither, which no place with a price
 * is (a store takes its first report's token, migration 0013).
 */
const zipOf = (zipCode: string | null, locToken: string) => zipCode ?? locToken.slice(1);
const placeZip = (zipCode: string | null, locToken: string) => zipOf(zipCode, locToken) || null;

const place = (row: PlaceRow) => ({
	id: row.id,
	name: row.name,
	address: row.address,
	zipCode: placeZip(row.zipCode, row.locToken),
});

const placeCells = (row: PriceRow | FuelPriceRow, id: number) => ({
	place_id: id,
	place_name: row.placeName,
	place_address: row.placeAddress,
	place_zip_code: placeZip(row.placeZipCode, row.placeLocToken),
});

const freshnessCells = (f: Freshness) => ({
	reported_at: f.reportedAt,
	last_seen_at: f.lastSeenAt,
	confirmations: f.confirmations,
	confidence: f.confidence,
});

function freshness(row: TrustInput, freshDays: number, now: number): Freshness {
	const trust = trustOf(row, freshDays, now);
	return {
		reportedAt: new Date(row.createdAt).toISOString(),
		lastSeenAt: new Date(trust.seenAt).toISOString(),
		confirmations: row.confirmCount,
		confidence: trust.confidence,
	};
}

function productPrice(row: PriceRow, now: number): ExportPrice {
	return {
		type: "price",
		id: row.id,
		storeId: row.storeId,
		productName: row.productName,
		barcode: row.barcode,
		category: row.category,
		price: row.priceCents / 100,
		priceType: row.priceType,
		saleEnds: row.saleEnds,
		multiBuy:
			row.multiQuantity !== null && row.multiPriceCents !== null
				? { quantity: row.multiQuantity, price: row.multiPriceCents / 100 }
				: null,
		size:
			row.sizeMilli !== null && row.sizeUnit !== null ? { quantity: row.sizeMilli / 1000, unit: row.sizeUnit } : null,
		// Where the price is: its store's zip, as for fuel. Never the report's own, which is the reporter's home
		// when the store has no zip and none was typed (src/reports/write.ts).
		zipCode: zipOf(row.placeZipCode, row.placeLocToken),
		reporter: row.reporter,
		...freshness(row, productFreshDays(row.category), now),
	};
}

function fuelPrice(row: FuelPriceRow, now: number): ExportFuelPrice {
	return {
		type: "fuel_price",
		id: row.id,
		stationId: row.stationId,
		fuelType: row.fuelType,
		price: row.priceMills / 1000,
		payment: row.payment,
		// Where the price counts: where the station is (decision 0048), never where its reporter lives.
		zipCode: placeZip(row.placeZipCode, row.placeLocToken),
		reporter: row.reporter,
		...freshness(row, fuelFreshDays(row.fuelType), now),
	};
}
