/**
 * Where price and fuel reports are written. A report's write (quality history, insert, full-text rows,
 * alert matching, commit) is most of what it costs, and on the request thread it is time no search is
 * answered in. The server therefore writes them on a writer thread with its own connection to the same
 * file (writer-worker.ts, started from src/report-writer-thread.ts), in the same group commit
 * (data/write-batch.ts): the request thread validates, sends the report's data across, and answers once the
 * thread says the group has committed.
 *
 * Without a writer thread (REPORT_WRITER=inline or a one-core machine, `bun dev`, a thread that failed) the
 * same write runs in this thread's write batch. Either way a 201 means "committed", and a report that fails
 * rolls back alone.
 */
import { alreadyInside, type Tx } from "../data/transaction.ts";
import { type BatchStats, groupCommit, type WriteBatcher } from "../data/write-batch.ts";
import type { Db } from "../db.ts";
import { errorCode } from "../lib/error-code.ts";
import { HttpError } from "../lib/http.ts";
import { log } from "../lib/log.ts";
import type { PriceEvents } from "./events.ts";
import type { MarketName, ReportJob } from "./market.ts";
import { FUEL, type FuelFields, PRODUCTS, type ProductFields } from "./markets.ts";
import { writeOnce } from "./repeats.ts";
import { write } from "./write.ts";

/** Which write: a report as filed, or a shopper's report that may repeat their own (repeats.ts). */
export type ReportKind = "price" | "fuel" | "price-once" | "fuel-once";

/** The kind of a market's report, as filed or as a shopper's own. */
export const kindOf = (market: MarketName, once: boolean): ReportKind =>
	market === "product" ? (once ? "price-once" : "price") : once ? "fuel-once" : "fuel";

/** The write a kind names, of a job that crossed to the writer thread as plain data. */
export function writeOfKind(tx: Tx, kind: ReportKind, job: unknown, events: PriceEvents) {
	const writes = kind.endsWith("-once") ? writeOnce : write;
	return kind.startsWith("price")
		? writes(tx, PRODUCTS, job as ReportJob<ProductFields>, events)
		: writes(tx, FUEL, job as ReportJob<FuelFields>, events);
}

/** A failure as it crosses back from the writer thread: an HttpError keeps its status and extra fields. */
export type WireError = { status?: number; message: string; extra?: Record<string, unknown>; code?: string };

export type ToWriter =
	| { type: "open"; path: string }
	| { type: "write"; jobs: { id: number; kind: ReportKind; job: unknown }[] }
	| { type: "close" };

export type FromWriter =
	| { type: "opened" }
	| {
			type: "done";
			results: ({ id: number; ok: true; value: unknown } | { id: number; ok: false; error: WireError })[];
			stats: BatchStats;
	  }
	| { type: "closed" };

type Pending = { resolve: (value: unknown) => void; reject: (error: unknown) => void };

const STOP_DEADLINE_MS = 5_000;

/**
 * Where this process writes reports: the writer thread once started and while alive, else the request
 * thread's own write batch. One per runtime.
 */
export class ReportWriter {
	private thread: ThreadWriter | undefined;
	private readonly batcher: WriteBatcher;

	constructor(private readonly db: Db) {
		this.batcher = groupCommit(db);
	}

	/** Writes one report. `job` is the write's input as plain data; `inline` is the same write for this thread. */
	write<T>(kind: ReportKind, job: unknown, inline: (tx: Tx) => T): Promise<T> {
		if (this.thread?.alive) return this.thread.write(kind, job) as Promise<T>;
		return this.batcher.submit(() => inline(alreadyInside(this.db)));
	}

	/** Groups committed and reports written in them, wherever reports are written: for tests and the curious. */
	get stats(): BatchStats {
		return { ...(this.thread?.alive ? this.thread.stats : this.batcher.stats) };
	}

	/** What this thread's own write batch wrote (nothing while a writer thread is alive). */
	get requestThreadStats(): BatchStats {
		return { ...this.batcher.stats };
	}

	/** Starts the writer thread on the database file at `path`; reports go to it from now on. */
	startThread(path: string) {
		this.thread ??= new ThreadWriter(path);
	}

	/**
	 * Waits for the reports the thread holds, closes its connection and ends it: call it after the requests
	 * have drained and before the request connection's final checkpoint.
	 */
	async stop() {
		const thread = this.thread;
		this.thread = undefined;
		await thread?.stop();
	}
}

// Where the thread's entry is: at the top of src/ when running from source (it subscribes the thread's own
// listeners, as src/runtime.ts does this thread's), and in a compiled binary under the path it had in the
// build (scripts/build.ts passes it as a second entry point, relative to the root).
const workerUrl = () =>
	Bun.main.startsWith("/$bunfs/")
		? "./src/report-writer-thread.ts"
		: new URL("../report-writer-thread.ts", import.meta.url).href;

class ThreadWriter {
	alive = true;
	stats: BatchStats = { batches: 0, jobs: 0, largest: 0 };
	private readonly worker: Worker;
	private readonly pending = new Map<number, Pending>();
	private outbox: { id: number; kind: ReportKind; job: unknown }[] = [];
	private nextId = 1;
	private onClosed: (() => void) | undefined;

	constructor(path: string) {
		// ref: false: an idle writer never keeps the process alive (a request waiting on it does).
		this.worker = new Worker(workerUrl(), { ref: false });
		this.worker.onmessage = ({ data }: MessageEvent<FromWriter>) => this.receive(data);
		this.worker.onerror = (event) => {
			// Reports from now on are written on the request thread, as without the writer.
			log.error("report writer: the thread failed; writing reports on the request thread", { err: event.message });
			this.fail(new Error(`the report writer failed: ${event.message}`));
		};
		this.send({ type: "open", path });
	}

	write(kind: ReportKind, job: unknown): Promise<unknown> {
		const id = this.nextId++;
		// Reports that arrive in the same turn of the event loop cross in one message.
		if (this.outbox.length === 0) setImmediate(() => this.flush());
		this.outbox.push({ id, kind, job });
		return new Promise((resolve, reject) => this.pending.set(id, { resolve, reject }));
	}

	stop(): Promise<void> {
		if (!this.alive) return Promise.resolve();
		this.flush();
		return new Promise<void>((resolve) => {
			this.onClosed = resolve;
			this.send({ type: "close" });
			setTimeout(resolve, STOP_DEADLINE_MS).unref();
		}).then(() => {
			this.fail(new Error("the report writer stopped"));
			void this.worker.terminate();
		});
	}

	private flush() {
		if (this.outbox.length === 0) return;
		const jobs = this.outbox;
		this.outbox = [];
		this.send({ type: "write", jobs });
	}

	private send(message: ToWriter) {
		this.worker.postMessage(message);
	}

	private receive(message: FromWriter) {
		if (message.type === "opened") log.info("report writer: reports are written on their own thread");
		if (message.type === "closed") this.onClosed?.();
		if (message.type !== "done") return;
		this.stats = message.stats;
		for (const result of message.results) {
			const waiting = this.pending.get(result.id);
			if (!waiting) continue;
			this.pending.delete(result.id);
			if (result.ok) waiting.resolve(result.value);
			else waiting.reject(fromWire(result.error));
		}
	}

	/** Ends the thread's use: whatever it still held is refused (a 500: whether it committed is unknown). */
	private fail(error: Error) {
		this.alive = false;
		this.outbox = [];
		for (const waiting of this.pending.values()) waiting.reject(error);
		this.pending.clear();
	}
}

export function toWire(error: unknown): WireError {
	if (error instanceof HttpError) return { status: error.status, message: error.message, extra: error.extra };
	// SQLite's code (SQLITE_FULL) says whether the disk or the code failed: it crosses too.
	const code = errorCode(error);
	return { message: error instanceof Error ? error.message : String(error), ...(code !== undefined && { code }) };
}

/** The error a request sees, from what crossed back from the writer thread. */
export function fromWire(error: WireError): Error {
	if (error.status !== undefined) return new HttpError(error.status as HttpError["status"], error.message, error.extra);
	return Object.assign(new Error(error.message), error.code !== undefined && { code: error.code });
}
