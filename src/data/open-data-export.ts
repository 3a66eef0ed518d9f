/**
 * The open-data export's reads (decision 0069): what is live (active, unexpired, not judged wrong), the
 * stores and stations those prices name, and the prices with their place. An export reads on a read-only
 * connection of its own inside one read transaction (ExportSnapshot), so the counts, the places and the
 * prices are one moment's while the server keeps writing; each statement is iterated row by row, never read
 * whole. Nothing private is selected: the reporter's username only where they asked to be credited and their
 * profile and activity are public, and no user id, name, email, photo, description, nor the report's own zip
 * (a shopper's home when the store has no zip and none was typed): a price's zip is its store's.
 * Row types are derived from db/schema.ts; raw timestamps are milliseconds.
 */
import { Database } from "bun:sqlite";
import { dirname } from "node:path";
import type { FuelPayment, FuelType, PriceType, SizeUnit } from "../../db/enums.ts";
import { migrations } from "../../db/migrations/index.ts";
import type { gasPriceReports, priceReports, stores } from "../../db/schema.ts";
import { appliedMigrations, type Db, unknownMigrations } from "../db.ts";
import type { StoredPick } from "../lib/stored.ts";
import { instanceId, keptInstanceId } from "./instance-settings.ts";
import type { TrustInput } from "./report-columns.ts";

/** Live: what shoppers are shown. A hidden (flagged) or suspended reporter's report is not active. */
const live = (alias: string) => `${alias}.is_active = 1 AND ${alias}.is_expired = 0 AND ${alias}.is_discredited = 0`;

/**
 * The username of a reporter who asked to be credited in open data (Settings > Privacy, off by default:
 * decision 0075), still shows their profile and their activity (as their public page and the leaderboard do:
 * src/users/public-profile.ts, src/data/people.ts) and is not suspended; otherwise null. An import's source
 * account is no person: it is credited as the source it stands for.
 */
const REPORTER_SQL = `CASE WHEN (u.credit_open_data = 1 OR u.source IS NOT NULL)
    AND u.profile_visible = 1 AND u.stats_visible = 1 AND u.is_terminated = 0 THEN u.username END AS reporter`;

const trustSql = (alias: string) => `
  ${alias}.verification_confidence AS verificationConfidence, ${alias}.created_at AS createdAt,
  ${alias}.confirmed_at AS confirmedAt, ${alias}.confirm_count AS confirmCount, ${alias}.confirm_weight AS confirmWeight, ${alias}.flag_weight AS flagWeight,
  ${alias}.changed_count AS changedCount,
  ${alias}.unavailable_count AS unavailableCount, ${alias}.unavailable_at AS unavailableAt,
  ${alias}.flag_count AS flagCount, ${alias}.is_unusual AS isUnusual`;

/** How many live stores, stations, product prices and fuel prices there are. */
export type ExportCountsRow = { stores: number; stations: number; prices: number; fuelPrices: number };

const COUNTS_SQL = `
  SELECT
    (SELECT count(DISTINCT p.store_id) FROM price_reports p WHERE ${live("p")}) AS stores,
    (SELECT count(DISTINCT g.station_id) FROM gas_price_reports g WHERE ${live("g")}) AS stations,
    (SELECT count(*) FROM price_reports p WHERE ${live("p")}) AS prices,
    (SELECT count(*) FROM gas_price_reports g WHERE ${live("g")}) AS fuelPrices`;

const countsOn = (sqlite: Database): ExportCountsRow => sqlite.query<ExportCountsRow, []>(COUNTS_SQL).get()!;

/** What an export of the database would hold now (the console's summary, on the server's connection). */
export async function exportCounts(db: Db): Promise<ExportCountsRow> {
	return countsOn(db.$client);
}

/** A store or station as exported, with the location token that places it when it has no zip of its own. */
export type PlaceRow = StoredPick<typeof stores, "id" | "name" | "address" | "zipCode" | "locToken">;

const placesSql = (table: "stores" | "gas_stations", reports: string, column: string) => `
  SELECT s.id AS id, s.name AS name, s.address AS address, s.zip_code AS zipCode, s.loc_token AS locToken
  FROM ${table} s
  WHERE EXISTS (SELECT 1 FROM ${reports} r WHERE r.${column} = s.id AND ${live("r")})
  ORDER BY s.id`;
const STORES_SQL = placesSql("stores", "price_reports", "store_id");
const STATIONS_SQL = placesSql("gas_stations", "gas_price_reports", "station_id");

/** Where a price's place is: its store or station, flattened (the CSV's place columns). */
type PlaceColumns = {
	placeName: string;
	placeAddress: string;
	placeZipCode: string | null;
	placeLocToken: string;
};

/**
 * A live product price with its category, what it asks of the shopper (decision 0093), its public reporter, its
 * trust inputs and its store.
 */
export type PriceRow = StoredPick<
	typeof priceReports,
	| "id"
	| "storeId"
	| "productName"
	| "priceCents"
	| "sizeMilli"
	| "barcode"
	| "saleEnds"
	| "multiQuantity"
	| "multiPriceCents"
> &
	TrustInput &
	PlaceColumns & { sizeUnit: SizeUnit | null; priceType: PriceType; category: string; reporter: string | null };

// The price statements read their table NOT INDEXED: in id order, a rowid scan streams the live rows as it meets
// them, where an index on the live columns (the planner's pick without statistics) would sort them all first.
const PRICES_SQL = `
  SELECT p.id AS id, p.store_id AS storeId, p.product_name AS productName, c.slug AS category,
    p.price_cents AS priceCents, p.size_milli AS sizeMilli, p.size_unit AS sizeUnit, p.barcode AS barcode,
    p.price_type AS priceType, p.sale_ends AS saleEnds, p.multi_quantity AS multiQuantity,
    p.multi_price_cents AS multiPriceCents,
    ${REPORTER_SQL}, ${trustSql("p")},
    s.name AS placeName, s.address AS placeAddress, s.zip_code AS placeZipCode, s.loc_token AS placeLocToken
  FROM price_reports p NOT INDEXED
  JOIN product_categories c ON c.id = p.category_id
  JOIN users u ON u.id = p.user_id
  JOIN stores s ON s.id = p.store_id
  WHERE ${live("p")}
  ORDER BY p.id`;

/** A live fuel price, whether it is for cash or card only, with its public reporter, its trust inputs and its station. */
export type FuelPriceRow = StoredPick<typeof gasPriceReports, "id" | "stationId" | "priceMills"> &
	TrustInput &
	PlaceColumns & { fuelType: FuelType; payment: FuelPayment | null; reporter: string | null };

const FUEL_PRICES_SQL = `
  SELECT g.id AS id, g.station_id AS stationId, g.fuel_type AS fuelType, g.price_mills AS priceMills,
    g.payment AS payment, ${REPORTER_SQL}, ${trustSql("g")},
    s.name AS placeName, s.address AS placeAddress, s.zip_code AS placeZipCode, s.loc_token AS placeLocToken
  FROM gas_price_reports g NOT INDEXED
  JOIN users u ON u.id = g.user_id
  JOIN gas_stations s ON s.id = g.station_id
  WHERE ${live("g")}
  ORDER BY g.id`;

/** The database cannot be exported as it is (missing, not ours, not migrated to this binary's schema). */
export class ExportError extends Error {}

/** Why the database's schema is not the one this binary reads, or null. */
function schemaProblem(sqlite: Database, dbPath: string): string | null {
	const applied = appliedMigrations(sqlite);
	if (applied === null) return `${dbPath} is not a CommonCents database (it has no migration record)`;
	const unknown = unknownMigrations(applied);
	if (unknown.length > 0)
		return `the database at ${dbPath} was migrated by a newer CommonCents (${unknown.join(", ")}); export with that version`;
	const done = new Set(applied);
	if (migrations.some((m) => !done.has(m.tag)))
		return `the database at ${dbPath} is older than this CommonCents; run commoncents migrate first`;
	return null;
}

/**
 * One export's read-only connection to the database at `dbPath`: opened (ExportError when it cannot be read,
 * or its schema is not this binary's), then one read transaction from `begin` to `commit` (WAL), so that what
 * the counts say is what the rows hold; `close` always.
 */
export class ExportSnapshot {
	private constructor(
		private readonly sqlite: Database,
		private readonly dbPath: string,
	) {}

	static open(dbPath: string): ExportSnapshot {
		let sqlite: Database;
		try {
			sqlite = new Database(dbPath, { readonly: true });
			sqlite.exec("PRAGMA busy_timeout = 5000");
		} catch (error) {
			throw new ExportError(`the database at ${dbPath} cannot be read (${(error as Error).message})`);
		}
		const problem = schemaProblem(sqlite, dbPath);
		if (problem) {
			sqlite.close();
			throw new ExportError(problem);
		}
		return new ExportSnapshot(sqlite, dbPath);
	}

	/**
	 * The id kept in the database; on the first export, adopted or made on a short write connection of its own
	 * (this one is read-only). Taken before `begin`, so the header and the rows agree.
	 */
	instanceId(): string {
		const kept = keptInstanceId(this.sqlite);
		if (kept) return kept;
		let writer: Database | null = null;
		try {
			writer = new Database(this.dbPath, { readwrite: true, create: false });
			writer.exec("PRAGMA busy_timeout = 5000");
			return instanceId(writer, dirname(this.dbPath));
		} catch (error) {
			throw new ExportError(`cannot keep this instance's id in ${this.dbPath}: ${(error as Error).message}`);
		} finally {
			writer?.close();
		}
	}

	begin() {
		this.sqlite.exec("BEGIN");
	}

	counts(): ExportCountsRow {
		return countsOn(this.sqlite);
	}

	stores() {
		return this.sqlite.query<PlaceRow, []>(STORES_SQL).iterate();
	}

	stations() {
		return this.sqlite.query<PlaceRow, []>(STATIONS_SQL).iterate();
	}

	prices() {
		return this.sqlite.query<PriceRow, []>(PRICES_SQL).iterate();
	}

	fuelPrices() {
		return this.sqlite.query<FuelPriceRow, []>(FUEL_PRICES_SQL).iterate();
	}

	commit() {
		this.sqlite.exec("COMMIT");
	}

	close() {
		this.sqlite.close();
	}
}
