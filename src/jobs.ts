/**
 * The background work of a running server, each one an option of the start-up (src/server.ts): housekeeping
 * (expired sessions, photos nobody attached), price expiry, the search index kept in one piece, WAL checkpoints
 * on a worker thread, the report writer's thread, and lists' alerts looked at again. Every one is stopped by the
 * handle start() returns.
 */

import { deleteExpiredSessions } from "./data/sessions.ts";
import { keepSearchIndexMerged } from "./deals/index.ts";
import { log } from "./lib/log.ts";
import { HOUR_MS, MINUTE_MS } from "./lib/time.ts";
import { startCheckpointer } from "./ops/index.ts";
import { expireByAge, expireEndedSalesAt, MARKETS } from "./reports/index.ts";
import type { Runtime } from "./runtime.ts";
import { sweepOrphanUploads } from "./uploads/index.ts";

export type Jobs = {
	/** Expired sessions and unattached photos: a second after start, then hourly. */
	housekeeping?: boolean;
	/** Prices past their age leave search: a second after start, then every minute. */
	expiry?: boolean;
	/** The search index merged back into one segment when writes have split it: every ten minutes. */
	searchIndex?: boolean;
	/** WAL checkpoints on a worker thread, so a write's commit never waits for the database file's fsync. */
	checkpointer?: boolean;
	/** Reports written on their own thread when config.reportWriter says "thread" (reports/writer.ts). */
	reportThread?: boolean;
	/** Lists' alerts looked at again when no price woke them for an hour (prices lapse too): hourly. */
	listAlerts?: boolean;
};

/** Everything a production server runs. */
export const ALL_JOBS: Required<Jobs> = {
	housekeeping: true,
	expiry: true,
	searchIndex: true,
	checkpointer: true,
	reportThread: true,
	listAlerts: true,
};

/** After this long, not before: start-up stays cheap and the first answer is not delayed. */
export const FIRST_RUN_MS = 1_000;

const guarded = (work: () => void | Promise<void>) => async () => {
	try {
		await work();
	} catch (error) {
		log.error("housekeeping failed", { err: error });
	}
};

/**
 * Starts the jobs asked for. stopTimers() ends the periodic ones at once; stopThreads() ends the threads,
 * after the reports they hold are written (call it once the requests have drained).
 */
export function startJobs(runtime: Runtime, jobs: Jobs, firstRunMs = FIRST_RUN_MS) {
	const { db, config, sqlite } = runtime;
	const timers: ReturnType<typeof setTimeout>[] = [];
	const every = (work: () => void, ms: number) => {
		timers.push(setTimeout(work, firstRunMs), setInterval(work, ms));
	};
	if (jobs.housekeeping) {
		every(
			guarded(async () => {
				await deleteExpiredSessions(db);
				const { removed } = await sweepOrphanUploads(db, config.uploadsDir);
				if (removed > 0) log.info("uploads: removed unattached photos", { removed });
			}),
			HOUR_MS,
		);
	}
	if (jobs.expiry) {
		every(
			guarded(async () => {
				for (const market of MARKETS) await expireByAge(db, market);
				await expireEndedSalesAt(db);
			}),
			MINUTE_MS,
		);
	}
	if (jobs.searchIndex) {
		every(
			guarded(async () => {
				const steps = await keepSearchIndexMerged(db);
				if (steps > 0) log.info("search: merged the index into one segment", { steps });
			}),
			10 * MINUTE_MS,
		);
	}
	if (jobs.listAlerts)
		every(
			guarded(() => runtime.listAlerts.sweep()),
			HOUR_MS,
		);
	const checkpointer = jobs.checkpointer ? startCheckpointer(sqlite, config.dbPath) : undefined;
	if (jobs.reportThread && config.reportWriter === "thread") {
		// Later, like the checkpointer, so that making the thread does not delay the first answer.
		const start = () => runtime.reports.startThread(config.dbPath);
		if (firstRunMs === 0) start();
		else timers.push(setTimeout(start, firstRunMs));
	}
	for (const timer of timers) timer.unref();
	return {
		stopTimers() {
			for (const timer of timers) clearTimeout(timer);
		},
		async stopThreads() {
			await runtime.reports.stop();
			await checkpointer?.stop();
		},
	};
}
