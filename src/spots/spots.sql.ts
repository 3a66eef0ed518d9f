/**
 * The shopper's starred ids, read on every search and Gas page (after the shared per-zip cache, which holds no
 * one's stars): one probe of each table's primary key (user_id, ...), compiled once per connection.
 */
import type { Db } from "../db.ts";

const STORE_IDS_SQL = "SELECT store_id AS id FROM starred_stores WHERE user_id = ?1";
const STATION_IDS_SQL = "SELECT station_id AS id FROM starred_stations WHERE user_id = ?1";

/** The ids of the stores `userId` starred. */
export function starredStoreIds(db: Db, userId: string): Set<number> {
	return new Set(
		db.$client
			.query<{ id: number }, [string]>(STORE_IDS_SQL)
			.all(userId)
			.map((r) => r.id),
	);
}

/** The ids of the stations `userId` starred. */
export function starredStationIds(db: Db, userId: string): Set<number> {
	return new Set(
		db.$client
			.query<{ id: number }, [string]>(STATION_IDS_SQL)
			.all(userId)
			.map((r) => r.id),
	);
}
