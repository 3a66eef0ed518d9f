/**
 * One import's run: where it files (the database, the source's account, the categories, its clock), its
 * batches, and its tally of what it took and what it left out. Each importer (open-prices.ts, osm.ts,
 * import-commoncents.ts) reads its file and hands each record here.
 */
import type { PasswordHasher } from "../auth/index.ts";
import { inTransaction, type Tx } from "../data/transaction.ts";
import type { Db } from "../db.ts";
import { errorCode } from "../lib/error-code.ts";
import { HttpError } from "../lib/errors.ts";
import type { PriceEvents } from "../reports/index.ts";
import { ImportBatch } from "./import-batch.ts";
import type { PlaceOutcome } from "./import-places.ts";
import { type ImportContext, loadCategories, type PriceOutcome } from "./import-prices.ts";
import { ImportTally, isLeftOut, type LeftOut, leaveOut } from "./import-tally.ts";
import { type Source, SourceAccounts } from "./sources.ts";

export const REFUSED = "refused by the quality check";

/** How a place's outcome is counted: one found under another of the source's keys is one already here. */
const placeCounted = (outcome: PlaceOutcome) => (outcome === "shared" ? "already here" : outcome);

/**
 * A failure of the database itself (its disk full or failing, the file locked, read-only or damaged): every
 * later record would fail the same way, so the run stops; anything else fails one record, which is left out.
 */
const DATABASE_FAILURE =
	/^(SQLITE_(FULL|IOERR|READONLY|CANTOPEN|BUSY|LOCKED|CORRUPT|NOTADB|NOMEM|PERM)|ENOSPC|EROFS|EDQUOT|EIO)/;
export const isDatabaseFailure = (error: unknown) => DATABASE_FAILURE.test(errorCode(error) ?? "");

/** The run stopped on a failure of the database: its message says what was saved before it. */
export class ImportStoppedError extends Error {}

export class ImportRun {
	readonly tally = new ImportTally();
	readonly batch: ImportBatch;
	/** How the file's licence asks to be credited, when the file says so itself (our export's header). */
	credit: string | null = null;
	/** The places counted so far: a store with ten prices is one store. */
	private readonly placesCounted = new Set<string>();
	/** The batches committed when the importer last paused. */
	private pausedAt = 0;
	/** Why the run is to stop at its next pause (the server is stopping), if it is. */
	private stopReason: string | null = null;

	private constructor(
		readonly db: Db,
		private readonly filing: ImportContext | null,
	) {
		// A batch's prices are told to their listeners once it commits (the server's deliver the alert hits).
		this.batch = new ImportBatch(db, () => {
			const { heard = [], prices } = filing ?? {};
			for (const one of heard.splice(0)) prices?.committed(one);
		});
	}

	/**
	 * A run; with a `source`, one that files prices under its account (made with its first filed price), told
	 * to `prices`' listeners. Places alone (osm) need no account. Throws SourceSuspendedError while the source's
	 * account is suspended.
	 */
	static async start(db: Db, passwords: PasswordHasher, source: Source | null, prices: PriceEvents, now = Date.now()) {
		if (source === null) return new ImportRun(db, null);
		const accounts = await SourceAccounts.open(db, source, passwords);
		return new ImportRun(db, { db, accounts, categories: await loadCategories(db), now, prices, heard: [] });
	}

	/** Where prices are filed: only a run started with a source files any. */
	get ctx(): ImportContext {
		if (!this.filing) throw new Error("this import files no prices");
		return this.filing;
	}

	/** The source's account once a price is filed under it; null for places alone, or nothing filed yet. */
	get account() {
		return this.filing?.accounts.existing ?? null;
	}

	/** Counts a price's outcome (and its place's, once per place), or its reason for being left out. */
	record(nouns: { price: string; place: string }, outcome: PriceOutcome | LeftOut) {
		if (isLeftOut(outcome)) return this.tally.leave(outcome);
		this.tally.take(nouns.price, outcome.price);
		this.countPlace(nouns.place, outcome.placeId, outcome.place);
	}

	countPlace(noun: string, id: number, outcome: PlaceOutcome) {
		const key = `${noun}:${id}`;
		if (this.placesCounted.has(key)) return;
		this.placesCounted.add(key);
		this.tally.take(noun, placeCounted(outcome));
	}

	/**
	 * Queues a record's writes, a savepoint of their own inside the batch's transaction; their outcome is counted
	 * once they have run. One the quality check refuses (422), or that fails for any other reason but the
	 * database's, rolls back alone and is left out with its reason; a failure of the database stops the run.
	 */
	file(example: string, write: (tx: Tx) => void) {
		this.batch.add((tx) => {
			const heard = this.filing?.heard ?? [];
			const before = heard.length;
			try {
				inTransaction(tx, write);
			} catch (error) {
				// What it recorded rolled back with it: nobody is told of it.
				heard.length = before;
				if (isDatabaseFailure(error)) throw error;
				this.filing?.accounts.forgetIfGone();
				this.tally.leave(failure(error, example));
			}
		});
	}

	/**
	 * Called by the importers after each record: once a batch has committed since the last call, lets the
	 * event loop run, so a server importing keeps answering between its batches; a stop asked for meanwhile
	 * ends the run here, between batches.
	 */
	async pause() {
		if (this.batch.batches === this.pausedAt) return;
		this.pausedAt = this.batch.batches;
		await new Promise((resolve) => setImmediate(resolve));
		if (this.stopReason) throw new ImportStoppedError(this.stopReason);
	}

	/** Asks the run to stop at its next pause, saying what was saved. */
	stop(why: string) {
		this.stopReason = `the import stopped: ${why}; ${this.batch.committed} records were written before it. Run it again to take the rest: what was written is recognized, not added twice`;
	}

	/** Writes what is still queued. */
	async finish() {
		this.batch.flush();
		return this.tally;
	}

	/** What to say when the database failed mid-run: what it is, and what is saved. */
	stopped(error: unknown): ImportStoppedError {
		const code = errorCode(error);
		const { committed } = this.batch;
		return new ImportStoppedError(
			`the import stopped: the database failed (${code ? `${code}: ` : ""}${(error as Error).message}); ` +
				`${committed} records were written before it, nothing after them. Run it again once the database is ` +
				"fixed: what was written is recognized, not added twice",
		);
	}
}

/** Why a record that threw is left out: the quality check's reason, or the error's own words. */
function failure(error: unknown, example: string): LeftOut {
	if (error instanceof HttpError && error.status === 422) {
		const reason = (error.extra as { reason?: string } | undefined)?.reason ?? error.message;
		return leaveOut(REFUSED, `${example}: ${reason}`);
	}
	return leaveOut(`failed: ${error instanceof Error ? error.message : String(error)}`, example);
}
