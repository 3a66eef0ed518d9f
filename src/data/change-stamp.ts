/**
 * The database's change stamp, which the read caches (src/lib/read-cache.ts) and the session and token readers
 * key what they remember by. Synchronous: it is a counter of this connection and the file, read on every
 * cached read, and nothing waits on it.
 */
import type { Db } from "../db.ts";
import type { ChangeStamp } from "../lib/read-cache.ts";

/**
 * Changes whenever the database's content may have: this connection's total_changes() (every row any
 * statement or trigger wrote here; free to read) and PRAGMA data_version (commits by any other connection).
 * The data version costs a read transaction (a few µs of WAL locking), so it is read once per turn of the
 * event loop: a request that starts after another connection's commit sees it.
 */
export function createChangeStamp(db: Db): ChangeStamp {
	const changes = db.$client.query<{ n: number }, []>("SELECT total_changes() AS n");
	const version = db.$client.query<{ data_version: number }, []>("PRAGMA data_version");
	let thisTurn: number | undefined;
	return () => {
		if (thisTurn === undefined) {
			thisTurn = version.get()?.data_version ?? 0;
			setImmediate(() => {
				thisTurn = undefined;
			});
		}
		return `${changes.get()?.n}:${thisTurn}`;
	};
}
