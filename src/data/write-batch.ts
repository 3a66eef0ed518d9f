/**
 * Group commit for the report path. Price and fuel reports that arrive together (in the same turn of the
 * event loop) are written in one IMMEDIATE transaction, each inside its own savepoint, and answered only once
 * that transaction has committed. A commit, and the full-text index's flush of what a transaction added, cost
 * nearly the same for a group as for one report, so sharing them is most of what a report saves under load.
 *
 * A report that throws (a 422 from the quality check, any error) undoes only its own savepoint and gets its
 * own error; one that succeeds is answered after the commit, so a 201 means "committed" (WAL, synchronous =
 * NORMAL). Alone, a report waits one turn of the event loop (setImmediate) for company. A job is handed
 * nothing: it runs inside the group's transaction, so it takes its `Tx` with `alreadyInside` (transaction.ts).
 */
import type { Database } from "bun:sqlite";
import type { Db } from "../db.ts";

/**
 * At most this many reports share a transaction on the request thread. The batch runs synchronously on the
 * thread that also answers reads, so its size bounds how long a search can wait behind it; the rest of a
 * longer queue goes in the next turn, after the reads that came in meanwhile. The writer thread, where no
 * read waits, takes larger groups (reports/writer-worker.ts).
 */
export const MAX_BATCH = 32;

export type BatchStats = { batches: number; jobs: number; largest: number };

type Job = { run: () => unknown; resolve: (value: unknown) => void; reject: (error: unknown) => void };
type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

export class WriteBatcher {
	private queue: Job[] = [];
	private scheduled = false;
	/** Batches committed and reports written in them, for tests and the curious. */
	readonly stats: BatchStats = { batches: 0, jobs: 0, largest: 0 };

	constructor(
		private readonly sqlite: Database,
		private readonly maxBatch = MAX_BATCH,
	) {}

	/**
	 * Runs `write` inside a shared write transaction (synchronously: nothing in it may await) and resolves
	 * with its result once that transaction has committed; rejects with what it threw, or with the commit's
	 * error (then nothing of the batch was stored).
	 */
	submit<T>(write: () => T): Promise<T> {
		return new Promise<T>((resolve, reject) => {
			this.queue.push({ run: write, resolve: resolve as (value: unknown) => void, reject });
			this.schedule();
		});
	}

	private schedule() {
		if (this.scheduled) return;
		this.scheduled = true;
		// setImmediate, not a microtask: the requests that arrived in this turn have all been read by then.
		setImmediate(() => this.flush());
	}

	private flush() {
		this.scheduled = false;
		const jobs = this.queue.splice(0, this.maxBatch);
		if (this.queue.length > 0) this.schedule();
		if (jobs.length === 0) return;
		const outcomes: Outcome[] = [];
		try {
			this.sqlite
				.transaction(() => {
					for (const job of jobs) {
						// A nested transaction is a savepoint: a job that throws rolls back its own writes only.
						try {
							outcomes.push({ ok: true, value: this.sqlite.transaction(job.run)() });
						} catch (error) {
							outcomes.push({ ok: false, error });
						}
					}
				})
				.immediate();
		} catch (error) {
			// BEGIN or COMMIT failed: the whole batch is rolled back, so no job may be answered as stored.
			for (const job of jobs) job.reject(error);
			return;
		}
		this.stats.batches++;
		this.stats.jobs += jobs.length;
		this.stats.largest = Math.max(this.stats.largest, jobs.length);
		jobs.forEach((job, i) => {
			const outcome = outcomes[i]!;
			if (outcome.ok) job.resolve(outcome.value);
			else job.reject(outcome.error);
		});
	}
}

/** The group commit of a connection: reports written on it share its transactions. */
export const groupCommit = (db: Db, maxBatch = MAX_BATCH) => new WriteBatcher(db.$client, maxBatch);
