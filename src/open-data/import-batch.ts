/**
 * An import's writes in batches: each batch one IMMEDIATE transaction, each record in it a savepoint of its
 * own (import-run.ts), as the report path's write batch does (src/data/write-batch.ts). A batch is large
 * enough that commits cost little of a large dump, small enough that a reader of the file never waits long.
 */
import { inTransaction, type Tx } from "../data/transaction.ts";
import type { Db } from "../db.ts";

export const BATCH_SIZE = 250;

export class ImportBatch {
	private pending: ((tx: Tx) => void)[] = [];
	/** Transactions committed. */
	batches = 0;
	/** Records whose writes are committed. */
	committed = 0;

	constructor(
		private readonly db: Db,
		/** Called once a batch has committed (an import tells its prices' listeners). */
		private readonly committedBatch: () => void = () => {},
		private readonly size = BATCH_SIZE,
	) {}

	/** Queues a record's writes (synchronous: nothing in them may await); a full batch is written at once. */
	add(write: (tx: Tx) => void) {
		this.pending.push(write);
		if (this.pending.length >= this.size) this.flush();
	}

	/** Writes what is queued, in one transaction. */
	flush() {
		const writes = this.pending;
		this.pending = [];
		if (writes.length === 0) return;
		inTransaction(
			this.db,
			(tx) => {
				for (const write of writes) write(tx);
			},
			"immediate",
		);
		this.batches++;
		this.committed += writes.length;
		this.committedBatch();
	}
}
