/**
 * The writer thread (writer.ts): its own connection to the database, the same group commit as the request
 * thread's (data/write-batch.ts), and the same write. Reports come in as plain data; each one's result or
 * failure goes back once its group has committed, the results of a turn in one message. What hears of a
 * price written here is the thread's own: its entry (src/report-writer-thread.ts) subscribes it.
 */
import { alreadyInside } from "../data/transaction.ts";
import { groupCommit, type WriteBatcher } from "../data/write-batch.ts";
import { BACKSTOP_PAGES, openDb } from "../db.ts";
import type { PriceEvents } from "./events.ts";
import { type FromWriter, type ToWriter, toWire, writeOfKind } from "./writer.ts";

declare const self: Worker;

/**
 * Reports per transaction here. Only the group's own reports wait for its commit (searches are answered on
 * the request thread), so the cap of the request thread's batches does not apply; this one only bounds a
 * transaction. Each commit empties the request connection's page cache, so fewer, larger groups cost searches
 * less (the figures are in docs/performance.md).
 */
export const WRITER_MAX_BATCH = 128;

type Result = Extract<FromWriter, { type: "done" }>["results"][number];

const post = (message: FromWriter) => self.postMessage(message);

/** The thread's connection, its group commit, and the results not yet sent back. */
class WriterThread {
	private opened: ReturnType<typeof openDb> | undefined;
	private batcher: WriteBatcher | undefined;
	private results: Result[] = [];
	private inFlight = 0;
	private closing = false;

	constructor(private readonly events: PriceEvents) {}

	receive(message: ToWriter) {
		if (message.type === "open") this.open(message.path);
		else if (message.type === "write") this.write(message.jobs);
		else if (message.type === "close") {
			this.closing = true;
			if (this.inFlight === 0) this.close();
		}
	}

	private open(path: string) {
		const opened = openDb(path);
		// The reports' pages: inserts at the right edge of each index, the recent history, the alert words.
		// A smaller cache than the request connection's, which holds what searches read.
		opened.sqlite.exec("PRAGMA cache_size = -16384");
		// Commits happen here now, so this connection's automatic checkpoint is the backstop (checkpointer.ts).
		opened.sqlite.exec(`PRAGMA wal_autocheckpoint = ${BACKSTOP_PAGES}`);
		this.opened = opened;
		post({ type: "opened" });
	}

	private write(jobs: Extract<ToWriter, { type: "write" }>["jobs"]) {
		const { db } = this.opened!;
		this.batcher ??= groupCommit(db, WRITER_MAX_BATCH);
		const { batcher, events } = this;
		for (const { id, kind, job } of jobs) {
			this.inFlight++;
			batcher
				.submit(() => writeOfKind(alreadyInside(db), kind, job, events))
				.then(
					(value) => this.settle({ id, ok: true, value }),
					(error) => this.settle({ id, ok: false, error: toWire(error) }),
				);
		}
	}

	private settle(result: Result) {
		if (this.results.length === 0) setImmediate(() => this.sendResults());
		this.results.push(result);
		this.inFlight--;
		if (this.closing && this.inFlight === 0) setImmediate(() => this.close());
	}

	private sendResults() {
		if (this.results.length === 0) return;
		post({ type: "done", results: this.results, stats: { ...this.batcher!.stats } });
		this.results = [];
	}

	private close() {
		this.sendResults();
		this.opened?.sqlite.close();
		this.opened = undefined;
		post({ type: "closed" });
	}
}

/**
 * Serves the writes the request thread sends here, telling `events` of each price written. The thread's entry
 * loads its listeners while the first messages arrive: those wait, in order, until they are ready.
 */
export function serveReportWrites(events: Promise<PriceEvents>) {
	const early: ToWriter[] = [];
	let thread: WriterThread | undefined;
	self.onmessage = ({ data }: MessageEvent<ToWriter>) => (thread ? thread.receive(data) : early.push(data));
	void events.then((ready) => {
		thread = new WriterThread(ready);
		for (const message of early.splice(0)) thread.receive(message);
	});
}
