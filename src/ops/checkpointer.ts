/**
 * WAL checkpoints off the request thread. SQLite's own checkpoint runs inside the commit that fills the WAL
 * to 1,000 pages, on the one thread that answers every request: it copies those pages into the database file
 * and fsyncs it, tens of milliseconds on a VM disk, during which no search is answered. Under a steady flow of
 * price reports that was a stall several times a second.
 *
 * Here a worker thread with its own connection to the same file runs a PASSIVE checkpoint every
 * INTERVAL_MS: it copies what the request thread wrote meanwhile and never blocks it (readers and the writer
 * go on beside a passive checkpoint). The request connection keeps its own automatic checkpoint, raised to
 * BACKSTOP_PAGES, for two things the worker cannot do: a WAL is only rewound to its start by a writer that
 * finds every frame already copied, which under a steady flow the worker alone never leaves it, and a
 * worker that failed must not let the WAL grow without bound. That checkpoint now finds nearly everything
 * copied already, so it is short, and it comes a quarter as often.
 * Durability is unchanged: commits go to the WAL as before (synchronous = NORMAL), and so do the fsyncs of a
 * checkpoint; only the thread that waits for them differs.
 */
import type { Database } from "bun:sqlite";
import { BACKSTOP_PAGES } from "../db.ts";
import { log } from "../lib/log.ts";

export const INTERVAL_MS = 100;
const STOP_DEADLINE_MS = 2_000;
const START_AFTER_MS = 1_000;

// The worker's code, as text: a Blob worker needs no second entry point in the compiled binary.
const WORKER_SOURCE = `
import { Database } from "bun:sqlite";
let db = null;
let timer = null;
let failures = 0;
const checkpoint = () => {
  try {
    db.exec("PRAGMA wal_checkpoint(PASSIVE)");
    failures = 0;
  } catch (error) {
    // Busy (a backup, the request thread's own checkpoint) is harmless: the next tick tries again.
    if (++failures === 50) postMessage({ type: "error", message: String(error) });
  }
};
self.onmessage = ({ data }) => {
  if (data.type === "start") {
    db = new Database(data.path);
    db.exec("PRAGMA synchronous = NORMAL");
    db.exec("PRAGMA busy_timeout = 0");
    timer = setInterval(checkpoint, data.intervalMs);
    postMessage({ type: "started" });
  } else if (data.type === "stop") {
    clearInterval(timer);
    db?.close();
    db = null;
    postMessage({ type: "stopped" });
  }
};
`;

export type Checkpointer = { stop(): Promise<void> };
export type CheckpointerOptions = { intervalMs?: number; startAfterMs?: number };

/**
 * Starts the checkpointing worker for the database at `path`, whose request connection is `sqlite`, after
 * `startAfterMs`: making a worker costs the main thread time that a cold start should not pay before
 * its first answer (until then the request connection checkpoints as it always did).
 * stop() closes the worker's connection (call it before the final checkpoint and close: the last connection
 * to close is the one that removes the WAL) and ends the worker.
 */
export function startCheckpointer(sqlite: Database, path: string, options: CheckpointerOptions = {}): Checkpointer {
	const { intervalMs = INTERVAL_MS, startAfterMs = START_AFTER_MS } = options;
	let worker: Worker | undefined;
	let url = "";
	let dead = false;
	let stopped: Promise<void> | undefined;
	let resolveStopped: () => void = () => {};
	const start = () => {
		sqlite.exec(`PRAGMA wal_autocheckpoint = ${BACKSTOP_PAGES}`);
		url = URL.createObjectURL(new Blob([WORKER_SOURCE], { type: "application/javascript" }));
		// Never what keeps the process alive (ref: false): a stop, or the end of the work, ends it. smol: a
		// small heap, for a thread that holds no data.
		worker = new Worker(url, { ref: false, smol: true });
		worker.onmessage = ({ data }: MessageEvent<{ type: string; message?: string }>) => {
			if (data.type === "error") log.warn("checkpointer: checkpoints keep failing", { err: data.message });
			if (data.type === "stopped") resolveStopped();
		};
		worker.onerror = (event) => {
			// Back to the request connection's own checkpoints, as before the worker.
			log.error("checkpointer: the worker failed", { err: event.message });
			sqlite.exec("PRAGMA wal_autocheckpoint = 1000");
			dead = true;
			resolveStopped();
		};
		worker.postMessage({ type: "start", path, intervalMs });
	};
	const timer = setTimeout(start, startAfterMs);
	timer.unref();
	return {
		stop() {
			clearTimeout(timer);
			stopped ??= new Promise<void>((resolve) => {
				if (!worker || dead) return resolve();
				resolveStopped = resolve;
				worker.postMessage({ type: "stop" });
				// A stop must never hang on the worker: past this, terminating it closes its connection too.
				setTimeout(resolve, STOP_DEADLINE_MS).unref();
			}).then(() => {
				void worker?.terminate();
				if (url) URL.revokeObjectURL(url);
			});
			return stopped;
		},
	};
}
