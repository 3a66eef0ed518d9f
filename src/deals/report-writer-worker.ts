/**
 * The writer thread (report-writer.ts): its own connection to the database, the same group commit as the
 * request thread's (write-batch.ts), and the same write functions. Reports come in as plain data; each one's
 * result or failure goes back once its group has committed, the results of a turn in one message.
 */
import { type Db, openDb } from "../db.ts";
import { type GasReportJob, writeGasReport } from "../gas/reports.ts";
import { BACKSTOP_PAGES } from "../ops/checkpointer.ts";
import { type FromWriter, type ReportKind, type ToWriter, toWire } from "./report-writer.ts";
import { type PriceReportJob, writePriceReport } from "./reports.ts";
import { WriteBatcher } from "./write-batch.ts";

declare const self: Worker;

/**
 * Reports per transaction here. Only the group's own reports wait for its commit (searches are answered on
 * the request thread), so the cap of the request thread's batches does not apply; this one only bounds a
 * transaction. Each commit empties the request connection's page cache, so fewer, larger groups cost searches
 * less: with 64 shoppers posting beside search, 2,053 to 2,195 reports/s against 1,727 to 1,967/s at 32
 * (2026-11-24, alternating, three rounds each; README Decisions).
 */
export const WRITER_MAX_BATCH = 128;

const WRITES: Record<ReportKind, (db: Db, job: never) => unknown> = {
	price: (db, job: PriceReportJob) => writePriceReport(db, job),
	fuel: (db, job: GasReportJob) => writeGasReport(db, job),
};

let opened: ReturnType<typeof openDb> | undefined;
let batcher: WriteBatcher | undefined;
let results: Extract<FromWriter, { type: "done" }>["results"] = [];
let inFlight = 0;
let closing = false;

const post = (message: FromWriter) => self.postMessage(message);

function sendResults() {
	if (results.length === 0) return;
	post({ type: "done", results, stats: { ...batcher!.stats } });
	results = [];
}

function settle(result: (typeof results)[number]) {
	if (results.length === 0) setImmediate(sendResults);
	results.push(result);
	inFlight--;
	if (closing && inFlight === 0) setImmediate(close);
}

function close() {
	sendResults();
	opened?.sqlite.close();
	opened = undefined;
	post({ type: "closed" });
}

self.onmessage = ({ data }: MessageEvent<ToWriter>) => {
	if (data.type === "open") {
		opened = openDb(data.path);
		// The reports' pages: inserts at the right edge of each index, the recent history, the alert words.
		// A smaller cache than the request connection's, which holds what searches read.
		opened.sqlite.exec("PRAGMA cache_size = -16384");
		// Commits happen here now, so this connection's automatic checkpoint is the backstop (checkpointer.ts).
		opened.sqlite.exec(`PRAGMA wal_autocheckpoint = ${BACKSTOP_PAGES}`);
		post({ type: "opened" });
	} else if (data.type === "write") {
		const { db } = opened!;
		batcher ??= new WriteBatcher(db.$client, WRITER_MAX_BATCH);
		for (const { id, kind, job } of data.jobs) {
			inFlight++;
			batcher
				.submit(() => WRITES[kind](db, job as never))
				.then(
					(value) => settle({ id, ok: true, value }),
					(error) => settle({ id, ok: false, error: toWire(error) }),
				);
		}
	} else if (data.type === "close") {
		closing = true;
		if (inFlight === 0) close();
	}
};
