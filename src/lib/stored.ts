/**
 * Row types of raw queries (the `*.sql.ts` files), derived from db/schema.ts so that a schema change breaks
 * them. A raw query gets what SQLite stores, not what Drizzle maps it to: a boolean flag is 0 or 1, a
 * timestamp is milliseconds, JSON is its text. For plain text and integer columns this is the same as
 * `Pick<typeof table.$inferSelect, ...>`.
 */
import type { Column, Table } from "drizzle-orm";

/** One column as a raw query reads it: its stored value, or null where the column allows it. */
export type Stored<C extends Column> = C["_"]["notNull"] extends true
	? C["_"]["driverParam"]
	: C["_"]["driverParam"] | null;

/** Some of a table's columns as a raw query reads them, under their names in db/schema.ts. */
export type StoredPick<T extends Table, K extends keyof T["_"]["columns"]> = {
	[P in K]: Stored<T["_"]["columns"][P]>;
};
