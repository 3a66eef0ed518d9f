/**
 * One report per intent: the same shopper sending the same price of the same thing at the same place again
 * within a minute (a double-clicked Submit, a retried request) gets their first report back, not a second
 * one. The look-up runs in the write's own transaction, before anything is written, so reports that arrive
 * together in one group see each other: the first is filed, the others find it.
 *
 * A repeat writes nothing: no counters, no store visit, no alert hit, no replaced price (the first report
 * did all of that). A "changed" word and an import's price are never repeats: they go to writePriceReport
 * and writeGasReport directly.
 */
import type { Db } from "../db.ts";
import { MINUTE_MS } from "../lib/time.ts";
import { productKey } from "./markets.ts";
import { findOrCreateStation, findOrCreateStore } from "./places.ts";
import { type GasReportJob, writeGasReport } from "./write-fuel.ts";
import { type PriceReportJob, writePriceReport } from "./write-price.ts";

/** How long after a report the same shopper's same price there is taken for the same intent. */
export const REPEAT_WINDOW_MS = MINUTE_MS;

/** The shopper's own report this one repeats: answered as it stands, nothing written. */
export type Repeat = { repeatOf: number };

type Bindings = Record<string, string | number>;

// The shopper's live report of the product at the store, from price_reports_user_store_idx (user, store,
// name, category): their earlier prices there are replaced as they come, so the range holds one live row.
const PRODUCT_SQL = `
  SELECT id FROM price_reports INDEXED BY price_reports_user_store_idx
  WHERE user_id = $user AND store_id = $store AND normalized_name = $name AND category_id = $category
    AND is_active = 1 AND is_expired = 0 AND price_cents = $price AND created_at >= $since
  ORDER BY created_at DESC, id DESC LIMIT 1`;

// The same for fuel, from gas_reports_user_idx (user, station, fuel).
const FUEL_SQL = `
  SELECT id FROM gas_price_reports INDEXED BY gas_reports_user_idx
  WHERE user_id = $user AND station_id = $station AND fuel_type = $fuel
    AND is_active = 1 AND is_expired = 0 AND price_mills = $price AND created_at >= $since
  ORDER BY created_at DESC, id DESC LIMIT 1`;

const repeat = (row: { id: number } | null): Repeat | null => (row ? { repeatOf: row.id } : null);

/** The shopper's live report of this product at this store at this price, made within the window; null if none. */
export function repeatedPriceReport(db: Db, job: PriceReportJob, now = Date.now()): Repeat | null {
	const { user, input, zip, category } = job;
	// Found where writePriceReport will find it; a store new here has no report to repeat (and is made only once).
	const store = findOrCreateStore(db, {
		name: input.storeName,
		address: input.storeAddress,
		phone: input.storePhone ?? null,
		zip,
	});
	const key = productKey(input, category, zip);
	return repeat(
		db.$client.query<{ id: number }, Bindings>(PRODUCT_SQL).get({
			user: user.id,
			store: store.id,
			name: key.normalizedName,
			category: key.categoryId,
			price: input.price,
			since: now - REPEAT_WINDOW_MS,
		}),
	);
}

/** The shopper's live report of this fuel at this station at this price, made within the window; null if none. */
export function repeatedFuelReport(db: Db, job: GasReportJob, now = Date.now()): Repeat | null {
	const { userId, input, zip } = job;
	const station = findOrCreateStation(db, { name: input.stationName, address: input.stationAddress, zip });
	return repeat(
		db.$client.query<{ id: number }, Bindings>(FUEL_SQL).get({
			user: userId,
			station,
			fuel: input.fuelType,
			price: input.price,
			since: now - REPEAT_WINDOW_MS,
		}),
	);
}

/** A shopper's price report: their first report back when it repeats one, else the report's writes. */
export function writePriceReportOnce(db: Db, job: PriceReportJob) {
	return repeatedPriceReport(db, job) ?? writePriceReport(db, job);
}

/** A shopper's fuel report: their first report back when it repeats one, else the report's writes. */
export function writeGasReportOnce(db: Db, job: GasReportJob) {
	return repeatedFuelReport(db, job) ?? writeGasReport(db, job);
}
