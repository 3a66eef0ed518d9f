import { ensureTaxonomy } from "../db/seed.ts";
import { endLiveStreams } from "./alerts/live.ts";
import { createApp } from "./app.ts";
import { deleteExpiredSessions } from "./auth/sessions.ts";
import { migrate, openDb } from "./db.ts";
import type { Config } from "./env.ts";
import { flushLogs, log } from "./lib/log.ts";
import { HEALTH_PATH, HEALTH_PROBE_MS, currentHealth, healthRoute, healthSnapshot } from "./ops/health.ts";
import { startCheckpointer } from "./ops/checkpointer.ts";
import { type ReportThread, startReportThread } from "./deals/report-writer.ts";
import { inUseMessage, lockDataDir, releasePidFile, writePidFile } from "./ops/data-lock.ts";
import { expireStaleGasReports, expireStaleReports } from "./quality/expiry.ts";
import type { StaticAssets } from "./static.ts";
import { sweepOrphanUploads } from "./uploads/sweep.ts";
import { HOUR_MS, MINUTE_MS } from "./lib/time.ts";

/** Uploads are 5 MB; nothing else comes near it. Bun's default (128 MiB) would invite abuse. */
const MAX_REQUEST_BODY_BYTES = 6 * 1024 * 1024;
/** How long a stop waits for requests already being answered before it cuts them off. */
export const DRAIN_DEADLINE_MS = 10_000;

/** The server could not listen: a one-line reason for the command line. */
export class ListenError extends Error {}
export class PortInUseError extends ListenError {}
/** Another server uses the data folder (two writers of one database would undo each other's restores). */
export class DataDirInUseError extends Error {}

export type ServeOptions = {
	assets?: StaticAssets;
	hostname?: string;
	/** When set, a request whose Host header is not one of these is refused (DNS rebinding on loopback). */
	allowedHosts?: (port: number) => string[];
};

/** Opens and migrates the database, then serves the API (and the web app, when given) on config.port. */
export function startServer(config: Config, options: ServeOptions = {}) {
	const lock = lockDataDir(config.dataDir);
	if (!lock) throw new DataDirInUseError(inUseMessage(config.dataDir));
	let opened: ReturnType<typeof openDb>;
	try {
		opened = openDb(config.dbPath);
		migrate(opened.sqlite);
		ensureTaxonomy(opened.db);
	} catch (error) {
		lock.release();
		throw error;
	}
	const { sqlite, db } = opened;
	const app = createApp({ db, config, assets: options.assets });

	// Requests being answered right now, for the log when a stop has to cut some off.
	let inFlight = 0;
	let hosts: Set<string> | undefined;
	const refuseHost = (req: Request) =>
		hosts && !hosts.has(req.headers.get("host") ?? "")
			? Response.json({ message: "Unknown host" }, { status: 421 })
			: undefined;
	// Health from Bun's own router. A server that checks Host headers (desktop) answers it in code; any other
	// serves a static answer, made anew when the once-a-second probe's answer changes.
	let healthText = "";
	const healthRoutes = () => {
		if (options.allowedHosts) return { [HEALTH_PATH]: healthRoute(db, refuseHost) };
		const snapshot = healthSnapshot(db);
		healthText = snapshot.text;
		return { [HEALTH_PATH]: snapshot.route };
	};
	let server: ReturnType<typeof Bun.serve>;
	try {
		server = Bun.serve({
			port: config.port,
			hostname: options.hostname ?? "0.0.0.0",
			maxRequestBodySize: MAX_REQUEST_BODY_BYTES,
			routes: healthRoutes(),
			async fetch(req, srv) {
				const refused = refuseHost(req);
				if (refused) return refused;
				inFlight++;
				try {
					return await app.fetch(req, { server: srv });
				} finally {
					inFlight--;
				}
			},
		});
	} catch (error) {
		sqlite.close();
		lock.release();
		if ((error as { code?: string }).code === "EADDRINUSE" || /in use/i.test(String(error))) {
			throw new PortInUseError(`port ${config.port} is already in use; stop the other program or set PORT`);
		}
		if ((error as { code?: string }).code === "EACCES" || /permission denied/i.test(String(error))) {
			throw new ListenError(`port ${config.port} needs privileges this user lacks; set PORT to 1024 or above`);
		}
		throw error;
	}
	const port = server.port ?? config.port;
	if (options.allowedHosts) hosts = new Set(options.allowedHosts(port));
	writePidFile(config.dataDir, port);
	// The binary starts with a reluctant JIT (scripts/build.ts): start-up code runs once, and start-up ends
	// here. From now on code that runs often should be compiled as usual (a later switch cost the first
	// second's throughput and gained nothing on the first answer).
	Bun.unsafe.setJITPolicy(1);
	// Hono builds its route matcher on the first match (several ms); do it now, while nobody waits, rather
	// than on the first visitor's request (health answers from Bun's own routes and never builds it).
	setImmediate(() => app.router.match("GET", "/"));

	const expire = () => {
		try {
			expireStaleReports(db);
			expireStaleGasReports(db);
		} catch (error) {
			log.error("housekeeping failed", { err: error });
		}
	};
	const sweep = () => {
		try {
			deleteExpiredSessions(db);
			const { removed } = sweepOrphanUploads(db, config.uploadsDir);
			if (removed > 0) log.info("uploads: removed unattached photos", { removed });
		} catch (error) {
			log.error("housekeeping failed", { err: error });
		}
	};
	// After listening, not before: start-up stays cheap (first sweep), then hourly. Prices past their age leave
	// search within a minute (each run is one index range per category: well under a millisecond when empty).
	setTimeout(() => (sweep(), expire()), 1_000).unref();
	const housekeeping = setInterval(sweep, HOUR_MS);
	housekeeping.unref();
	const expiry = setInterval(expire, MINUTE_MS);
	expiry.unref();
	const healthProbe = setInterval(() => {
		if (!options.allowedHosts && currentHealth(db).text !== healthText) server.reload({ routes: healthRoutes() });
	}, HEALTH_PROBE_MS);
	healthProbe.unref();
	// WAL checkpoints on a worker thread, so a write's commit never waits for the database file's fsync.
	const checkpointer = startCheckpointer(sqlite, config.dbPath);
	// Reports written on their own thread, so a group of them never holds up the searches (report-writer.ts);
	// after a second, like the checkpointer, so that making the thread does not delay the first answer.
	let reportThread: ReportThread | undefined;
	const reportThreadTimer = setTimeout(() => {
		if (config.reportWriter === "thread") reportThread = startReportThread(db, config.dbPath);
	}, 1_000);
	reportThreadTimer.unref();

	let stopping: Promise<void> | undefined;
	// Bun's graceful stop resolves once every connection has finished its response, which is later than
	// our handlers returning: only then may the database close.
	const drained = (graceful: Promise<void>, deadlineMs: number) =>
		new Promise<boolean>((resolve) => {
			const timer = setTimeout(() => resolve(false), deadlineMs);
			void graceful.then(() => {
				clearTimeout(timer);
				resolve(true);
			});
		});

	return {
		server,
		port,
		db,
		sqlite,
		/**
		 * Stops accepting connections, lets requests in flight finish (up to the deadline), then checkpoints
		 * the WAL into the database file and closes it. Safe to call twice.
		 */
		stop(deadlineMs = DRAIN_DEADLINE_MS) {
			stopping ??= (async () => {
				// The writer and checkpointer threads and their deadline timers do not hold the process open (unref'd);
				// once the listener has stopped, nothing else would, and Bun would exit midway, skipping the last
				// checkpoint, the pid file and the "stopped" line. This holds it until the sequence ends.
				const holdOpen = setInterval(() => {}, 1_000);
				clearInterval(housekeeping);
				clearInterval(expiry);
				clearInterval(healthProbe);
				// Open event streams never end by themselves and would hold the drain to its deadline.
				endLiveStreams(db);
				const clean = await drained(server.stop(false), deadlineMs);
				if (!clean) {
					log.warn("stop: requests still running at the deadline were cut off", { inFlight, deadlineMs });
					await server.stop(true);
				}
				// Their connections closed first: the last connection to close is the one that removes the WAL.
				clearTimeout(reportThreadTimer);
				await reportThread?.stop();
				await checkpointer.stop();
				try {
					sqlite.exec("PRAGMA optimize");
					// Briefly: a process that keeps a read open (Litestream does) would hold a TRUNCATE for the whole
					// busy timeout, and a container's stop has a deadline. The WAL left behind is read on the next start.
					sqlite.exec("PRAGMA busy_timeout = 200");
					const [result] = sqlite.query("PRAGMA wal_checkpoint(TRUNCATE)").all() as { busy: number }[];
					if (result?.busy) log.info("stop: the WAL is left for the next start (another process is reading it)");
				} catch (error) {
					log.warn("stop: checkpoint skipped", { err: error });
				}
				sqlite.close();
				releasePidFile(config.dataDir);
				lock.release();
				log.info("stopped", { clean });
				flushLogs();
				clearInterval(holdOpen);
			})();
			return stopping;
		},
	};
}

export type RunningServer = ReturnType<typeof startServer>;

/** SIGTERM and SIGINT stop gracefully; a second signal during the drain exits at once. */
export function stopOnSignals(running: RunningServer) {
	let signalled = false;
	const onSignal = (signal: NodeJS.Signals) => {
		if (signalled) {
			log.warn("second signal: exiting without waiting", { signal });
			flushLogs();
			process.exit(1);
		}
		signalled = true;
		log.info("stopping", { signal, deadlineMs: DRAIN_DEADLINE_MS });
		void running.stop().then(() => process.exit(0));
	};
	process.on("SIGTERM", onSignal);
	process.on("SIGINT", onSignal);
}
