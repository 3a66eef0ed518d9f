/**
 * One import's run: where it files (the database, the source's account, the categories, its clock), its
 * batches, and its tally of what it took and what it left out. Each importer (open-prices.ts, osm.ts,
 * import-commoncents.ts) reads its file and hands each record here.
 */
import type { PasswordHasher } from "../auth/passwords.ts";
import type { Db } from "../db.ts";
import { ImportBatch } from "./import-batch.ts";
import type { PlaceOutcome } from "./import-places.ts";
import { type ImportContext, loadCategories, type PriceOutcome } from "./import-prices.ts";
import { ImportTally, isLeftOut, type LeftOut } from "./import-tally.ts";
import { type Source, sourceAccount } from "./sources.ts";

/** How a place's outcome is counted: one found under another of the source's keys is one already here. */
const placeCounted = (outcome: PlaceOutcome) => (outcome === "shared" ? "already here" : outcome);

export class ImportRun {
	readonly tally = new ImportTally();
	readonly batch: ImportBatch;
	/** How the file's licence asks to be credited, when the file says so itself (our export's header). */
	credit: string | null = null;
	/** The places counted so far: a store with ten prices is one store. */
	private readonly placesCounted = new Set<string>();

	private constructor(
		readonly db: Db,
		private readonly filing: ImportContext | null,
	) {
		this.batch = new ImportBatch(db);
	}

	/**
	 * A run; with a `source`, one that files prices under its account (made on its first import). Places
	 * alone (osm) need no account.
	 */
	static async start(db: Db, passwords: PasswordHasher, source: Source | null, now = Date.now()) {
		if (source === null) return new ImportRun(db, null);
		const account = await sourceAccount(db, source, passwords);
		return new ImportRun(db, { db, account, categories: loadCategories(db), now });
	}

	/** Where prices are filed: only a run started with a source files any. */
	get ctx(): ImportContext {
		if (!this.filing) throw new Error("this import files no prices");
		return this.filing;
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

	/** Queues a record's writes; its outcome is counted once they have run. */
	file(write: () => void) {
		this.batch.add(write);
	}

	/** Writes what is still queued. */
	finish() {
		this.batch.flush();
		return this.tally;
	}
}
