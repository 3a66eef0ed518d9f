/**
 * The one way into a transaction, and the handle that proves a statement runs inside one.
 *
 * What features call returns a promise, so that another engine can stand behind the same functions. Inside
 * a transaction the SQLite engine stays synchronous: its one connection serves every request of the
 * process, and a transaction that awaited would let another request's statements run inside it (joining
 * its commit, or its rollback). So `transaction` takes synchronous work over a `Tx`, and the data layer's
 * in-transaction functions take a `Tx` rather than a `Db`: a route holding only the database cannot call
 * them outside one. Nested calls are savepoints.
 */
import type { Db } from "../db.ts";

declare const inside: unique symbol;
/** The database, inside a transaction. */
export type Tx = Db & { readonly [inside]: true };

/** Work that must not await: a promise here would commit before its statements ran. */
type Sync<T> = T extends PromiseLike<unknown> ? never : T;

/**
 * Runs `work` in one transaction (a savepoint when already inside one) and resolves with its result once
 * committed; rejects with what it threw, after rolling back. `immediate` takes the write lock at the start,
 * for work that reads before it writes.
 */
export async function transaction<T>(
	db: Db,
	work: (tx: Tx) => Sync<T>,
	mode: "deferred" | "immediate" = "deferred",
): Promise<T> {
	return inTransaction(db, work, mode);
}

/**
 * The same, for code that already runs inside synchronous work (the report writer's batch, an import's
 * chunk): it returns the result rather than a promise.
 */
export function inTransaction<T>(db: Db, work: (tx: Tx) => Sync<T>, mode: "deferred" | "immediate" = "deferred"): T {
	const run = db.$client.transaction(() => work(db as Tx));
	return (mode === "immediate" ? run.immediate() : run()) as T;
}

/** A `Tx` for work a caller already runs inside a transaction it opened (the report writer's group commit). */
export const alreadyInside = (db: Db): Tx => db as Tx;
