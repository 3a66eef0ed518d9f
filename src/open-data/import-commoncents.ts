/**
 * `commoncents import commoncents FILE`: another CommonCents instance's export (format.ts, JSON lines) into
 * this one (decision 0070). Its stores and stations are found or made by name and address near their ZIP, as
 * a report finds them; its prices are filed under the "commoncents" account, keyed by the exporting
 * instance (its header's `instance`, instance.ts) and the price's id there, at the time they were reported
 * there.
 */
import * as v from "valibot";
import { FUEL_PAYMENTS, FUEL_TYPES, PRICE_TYPES, SIZE_UNITS } from "../../db/enums.ts";
import { INSTANCE_ID, keptInstanceIdOf } from "../data/instance-settings.ts";
import { EXPORT_FORMAT, EXPORT_VERSION } from "./format.ts";
import type { ImportLimits } from "./import-limits.ts";
import { ImportFileError, type JsonLine, jsonLines } from "./import-lines.ts";
import type { PlaceInput } from "./import-places.ts";
import { FUEL_IMPORT, importPrice, PRODUCT_IMPORT } from "./import-prices.ts";
import type { ImportRun } from "./import-run.ts";
import { leaveOut } from "./import-tally.ts";

const Id = v.pipe(v.number(), v.integer());
const When = v.pipe(
	v.string(),
	v.check((s) => Number.isFinite(Date.parse(s)), "reportedAt must be a date"),
);

const HeaderLine = v.object({
	type: v.literal("header"),
	format: v.literal(EXPORT_FORMAT),
	version: v.number(),
	license: v.string(),
	attribution: v.string(),
	instance: v.optional(v.string()),
});
const place = { id: Id, name: v.string(), address: v.string(), zipCode: v.nullable(v.string()) };
const StoreLine = v.object({ type: v.literal("store"), ...place });
const StationLine = v.object({ type: v.literal("station"), ...place });
const PriceLine = v.object({
	type: v.literal("price"),
	id: Id,
	storeId: Id,
	productName: v.string(),
	category: v.string(),
	price: v.number(),
	size: v.nullable(v.object({ quantity: v.number(), unit: v.picklist(SIZE_UNITS) })),
	// Exports before barcodes have none.
	barcode: v.optional(v.nullable(v.string()), null),
	// Exports before price types (decision 0093) have none of these: their prices are regular. A type this
	// binary does not know leaves the line out rather than filing it as a regular price.
	priceType: v.optional(v.picklist(PRICE_TYPES), "regular"),
	saleEnds: v.optional(v.nullable(v.string()), null),
	multiBuy: v.optional(v.nullable(v.object({ quantity: Id, price: v.number() })), null),
	zipCode: v.string(),
	reportedAt: When,
});
const FuelPriceLine = v.object({
	type: v.literal("fuel_price"),
	id: Id,
	stationId: Id,
	fuelType: v.picklist(FUEL_TYPES),
	price: v.number(),
	payment: v.optional(v.nullable(v.picklist(FUEL_PAYMENTS)), null),
	zipCode: v.nullable(v.string()),
	reportedAt: When,
});
const Line = v.variant("type", [StoreLine, StationLine, PriceLine, FuelPriceLine]);

/** The first line must say the file is our export, in a version this binary reads. */
function readHeader(first: JsonLine | undefined, path: string) {
	const header = first && "value" in first ? v.safeParse(HeaderLine, first.value) : null;
	if (!header?.success)
		throw new ImportFileError(
			`${path} is not a CommonCents export in JSON lines (its first line is no ${EXPORT_FORMAT} header; a CSV export cannot be imported)`,
		);
	if (header.output.version > EXPORT_VERSION)
		throw new ImportFileError(
			`${path} is a version ${header.output.version} export; import it with a newer CommonCents`,
		);
	const { instance } = header.output;
	if (!instance || !INSTANCE_ID.test(instance))
		throw new ImportFileError(
			`${path} does not say which instance exported it (its header has no instance id); export it again with this version of CommonCents`,
		);
	return { ...header.output, instance };
}

type Places = { stores: Map<number, PlaceInput>; stations: Map<number, PlaceInput> };
type Entry = v.InferOutput<typeof Line>;

/** A store or station of the export, kept for the prices that name it (they come after it). */
function keepPlace(places: Places, entry: Extract<Entry, { type: "store" | "station" }>) {
	const place = { sourceKey: null, name: entry.name, address: entry.address, phone: null, zip: entry.zipCode ?? "" };
	(entry.type === "store" ? places.stores : places.stations).set(entry.id, place);
}

/** Queues a price of the export, at its store, keyed by the exporting instance and its id there. */
function filePrice(run: ImportRun, places: Places, origin: string, entry: Extract<Entry, { type: "price" }>) {
	const example = `price ${entry.id}`;
	const store = places.stores.get(entry.storeId);
	if (!store) return run.tally.leave(leaveOut("its store is not in the file", example));
	const at = { ...store, zip: store.zip || entry.zipCode };
	const price = {
		sourceKey: `commoncents:${origin}:price:${entry.id}`,
		productName: entry.productName,
		category: entry.category,
		// As the shelf says it, as a shopper types it: a multi-buy's is its bundle's, whose share the write keeps.
		price: (entry.multiBuy?.price ?? entry.price).toFixed(2),
		size: entry.size,
		tags: [],
		description: null,
		reportedAt: Date.parse(entry.reportedAt),
		barcode: entry.barcode,
		terms: {
			priceType: entry.priceType,
			saleEnds: entry.saleEnds,
			multiBuyQuantity: entry.multiBuy?.quantity ?? null,
		},
	};
	run.file(example, () =>
		run.record({ price: "price", place: "store" }, importPrice(run.ctx, PRODUCT_IMPORT, at, price, example)),
	);
}

/** The same for a fuel price, at its station. */
function fileFuelPrice(run: ImportRun, places: Places, origin: string, entry: Extract<Entry, { type: "fuel_price" }>) {
	const example = `fuel price ${entry.id}`;
	const station = places.stations.get(entry.stationId);
	if (!station) return run.tally.leave(leaveOut("its station is not in the file", example));
	const zip = station.zip || entry.zipCode;
	if (!zip) return run.tally.leave(leaveOut("its station has no ZIP", example));
	const price = {
		sourceKey: `commoncents:${origin}:fuel:${entry.id}`,
		fuelType: entry.fuelType,
		price: entry.price.toFixed(3),
		payment: entry.payment,
		reportedAt: Date.parse(entry.reportedAt),
	};
	run.file(example, () =>
		run.record(
			{ price: "fuel price", place: "station" },
			importPrice(run.ctx, FUEL_IMPORT, { ...station, zip }, price, example),
		),
	);
}

/** Reads the export line by line and files each price; the run's tally says what became of each. */
export async function importCommonCents(run: ImportRun, path: string, limits?: ImportLimits) {
	const places: Places = { stores: new Map(), stations: new Map() };
	let origin: string | null = null;
	for await (const line of jsonLines(path, limits)) {
		if (origin === null) {
			const header = readHeader(line, path);
			// Our own prices filed again under the source's account would stand beside themselves.
			if (header.instance === (await keptInstanceIdOf(run.db)))
				throw new ImportFileError(
					`${path} is this instance's own export (instance ${header.instance}); import it into another instance`,
				);
			origin = header.instance;
			run.credit = `this export is ${header.license}: credit "${header.attribution}" where you publish it`;
			continue;
		}
		run.tally.read++;
		if ("error" in line) {
			run.tally.leave(leaveOut("not JSON", `line ${line.line}`));
			continue;
		}
		const parsed = v.safeParse(Line, line.value);
		if (!parsed.success) {
			run.tally.leave(leaveOut(`not a line of the export: ${parsed.issues[0]?.message}`, `line ${line.line}`));
			continue;
		}
		const entry = parsed.output;
		if (entry.type === "price") filePrice(run, places, origin, entry);
		else if (entry.type === "fuel_price") fileFuelPrice(run, places, origin, entry);
		else keepPlace(places, entry);
		await run.pause();
	}
	if (origin === null) throw new ImportFileError(`${path} is empty`);
}
