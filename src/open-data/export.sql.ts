/**
 * The open-data export's raw SQL (decision 0069): what is live (active, unexpired, not judged wrong), the
 * stores and stations those prices name, and the prices with their place. Each statement is iterated row by
 * row, never read whole. Nothing private is selected: the reporter's username only where they asked to be
 * credited and their profile and activity are public, and no user id, name, email, photo, description, nor the report's own zip (a shopper's
 * home when the store has no zip and none was typed): a price's zip is its store's.
 * Row types are derived from db/schema.ts; raw timestamps are milliseconds.
 */
import type { Database } from "bun:sqlite";
import type { FuelType, SizeUnit } from "../../db/enums.ts";
import type { gasPriceReports, priceReports, stores } from "../../db/schema.ts";
import type { StoredPick } from "../lib/stored.ts";
import type { TrustInput } from "../reports/index.ts";
import type { ExportCounts } from "./format.ts";

/** Live: what shoppers are shown. A hidden (flagged) or suspended reporter's report is not active. */
const live = (alias: string) => `${alias}.is_active = 1 AND ${alias}.is_expired = 0 AND ${alias}.is_discredited = 0`;

/**
 * The username of a reporter who asked to be credited in open data (Settings > Privacy, off by default:
 * decision 0075), still shows their profile and their activity (as their public page and the leaderboard do:
 * src/users/public-profile.ts, contributors.sql.ts) and is not suspended; otherwise null. An import's source
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

const COUNTS_SQL = `
  SELECT
    (SELECT count(DISTINCT p.store_id) FROM price_reports p WHERE ${live("p")}) AS stores,
    (SELECT count(DISTINCT g.station_id) FROM gas_price_reports g WHERE ${live("g")}) AS stations,
    (SELECT count(*) FROM price_reports p WHERE ${live("p")}) AS prices,
    (SELECT count(*) FROM gas_price_reports g WHERE ${live("g")}) AS fuelPrices`;

export const exportCounts = (sqlite: Database): ExportCounts => sqlite.query<ExportCounts, []>(COUNTS_SQL).get()!;

/** A store or station as exported, with the location token that places it when it has no zip of its own. */
export type PlaceRow = StoredPick<typeof stores, "id" | "name" | "address" | "zipCode" | "locToken">;

const placesSql = (table: "stores" | "gas_stations", reports: string, column: string) => `
  SELECT s.id AS id, s.name AS name, s.address AS address, s.zip_code AS zipCode, s.loc_token AS locToken
  FROM ${table} s
  WHERE EXISTS (SELECT 1 FROM ${reports} r WHERE r.${column} = s.id AND ${live("r")})
  ORDER BY s.id`;
const STORES_SQL = placesSql("stores", "price_reports", "store_id");
const STATIONS_SQL = placesSql("gas_stations", "gas_price_reports", "station_id");

export const storeRows = (sqlite: Database) => sqlite.query<PlaceRow, []>(STORES_SQL).iterate();
export const stationRows = (sqlite: Database) => sqlite.query<PlaceRow, []>(STATIONS_SQL).iterate();

/** Where a price's place is: its store or station, flattened (the CSV's place columns). */
type PlaceColumns = {
	placeName: string;
	placeAddress: string;
	placeZipCode: string | null;
	placeLocToken: string;
};

/** A live product price with its category, its public reporter, its trust inputs and its store. */
export type PriceRow = StoredPick<typeof priceReports, "id" | "storeId" | "productName" | "priceCents" | "sizeMilli"> &
	TrustInput &
	PlaceColumns & { sizeUnit: SizeUnit | null; category: string; reporter: string | null };

// The price statements read their table NOT INDEXED: in id order, a rowid scan streams the live rows as it meets
// them, where an index on the live columns (the planner's pick without statistics) would sort them all first.
const PRICES_SQL = `
  SELECT p.id AS id, p.store_id AS storeId, p.product_name AS productName, c.slug AS category,
    p.price_cents AS priceCents, p.size_milli AS sizeMilli, p.size_unit AS sizeUnit,
    ${REPORTER_SQL}, ${trustSql("p")},
    s.name AS placeName, s.address AS placeAddress, s.zip_code AS placeZipCode, s.loc_token AS placeLocToken
  FROM price_reports p NOT INDEXED
  JOIN product_categories c ON c.id = p.category_id
  JOIN users u ON u.id = p.user_id
  JOIN stores s ON s.id = p.store_id
  WHERE ${live("p")}
  ORDER BY p.id`;

export const priceRows = (sqlite: Database) => sqlite.query<PriceRow, []>(PRICES_SQL).iterate();

/** A live fuel price with its public reporter, its trust inputs and its station. */
export type FuelPriceRow = StoredPick<typeof gasPriceReports, "id" | "stationId" | "priceMills"> &
	TrustInput &
	PlaceColumns & { fuelType: FuelType; reporter: string | null };

const FUEL_PRICES_SQL = `
  SELECT g.id AS id, g.station_id AS stationId, g.fuel_type AS fuelType, g.price_mills AS priceMills,
    ${REPORTER_SQL}, ${trustSql("g")},
    s.name AS placeName, s.address AS placeAddress, s.zip_code AS placeZipCode, s.loc_token AS placeLocToken
  FROM gas_price_reports g NOT INDEXED
  JOIN users u ON u.id = g.user_id
  JOIN gas_stations s ON s.id = g.station_id
  WHERE ${live("g")}
  ORDER BY g.id`;

export const fuelPriceRows = (sqlite: Database) => sqlite.query<FuelPriceRow, []>(FUEL_PRICES_SQL).iterate();
