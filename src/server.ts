/**
 * The one start-up sequence, shared by `serve`, `desktop`, `bun dev` and the API tests: claim the data
 * folder, open the database, build the runtime, listen, start the background jobs a caller asks for. The
 * handle it answers stops them in reverse order.
 */
import type { Server } from "bun";
import { ensureTaxonomy } from "../db/seed.ts";
import { spreadAlertWords } from "./alerts/index.ts";
import { createApp } from "./app.ts";
import { adoptInstanceFile } from "./data/instance-settings.ts";
import { type Db, migrate, openDb, setUserVersion, userVersion } from "./db.ts";
import type { Config } from "./env.ts";
import { ALL_JOBS, type Jobs, startJobs } from "./jobs.ts";
import { log } from "./lib/log.ts";
import {
	type DataDirLock,
	HEALTH_PATH,
	HEALTH_PROBE_MS,
	healthRoute,
	healthSnapshot,
	inUseMessage,
	lockDataDir,
	releasePidFile,
	writePidFile,
} from "./ops/index.ts";
import { mergeDuplicatePlaces } from "./reports/index.ts";
import { buildRuntime, type Runtime } from "./runtime.ts";
import { closeDatabase, drain } from "./server-stop.ts";
import type { StaticAssets } from "./static.ts";

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
	/** The background jobs to run (src/jobs.ts); all of them unless told. */
	jobs?: Jobs;
	/** When the jobs first run: later than the first answer in production, at once in tests. */
	jobsAfterMs?: number;
	/** Health computed on each request rather than served as a static answer made once a second. */
	liveHealth?: boolean;
	/** Bun's own routes served beside the app (`bun dev`'s bundled web app). */
	routes?: Record<string, unknown>;
	development?: Parameters<typeof Bun.serve>[0]["development"];
};

/** Opens and migrates the database, then serves the API (and the web app, when given) on config.port. */
export function startServer(config: Config, options: ServeOptions = {}) {
	const lock = claimDataDir(config);
	let runtime: Runtime;
	try {
		runtime = buildRuntime(config, openDatabase(config));
	} catch (error) {
		lock.release();
		throw error;
	}
	const listening = listen(runtime, options, lock);
	const { server, port } = listening;
	writePidFile(config.dataDir, port);
	// The binary starts with a reluctant JIT (scripts/build.ts): start-up code runs once, and start-up ends
	// here. From now on code that runs often should be compiled as usual.
	Bun.unsafe.setJITPolicy(1);
	const jobs = startJobs(runtime, options.jobs ?? ALL_JOBS, options.jobsAfterMs);

	let stopping: Promise<void> | undefined;
	return {
		server,
		port,
		runtime,
		db: runtime.db,
		sqlite: runtime.sqlite,
		/**
		 * Stops accepting connections, lets requests in flight finish (up to the deadline), stops the jobs,
		 * then checkpoints the WAL into the database file and closes it. Safe to call twice.
		 */
		stop(deadlineMs = DRAIN_DEADLINE_MS) {
			stopping ??= (async () => {
				// The threads and their deadline timers do not hold the process open (unref'd); once the listener
				// has stopped, nothing else would, and Bun would exit midway, skipping the last checkpoint, the
				// pid file and the "stopped" line. This holds it until the sequence ends.
				const holdOpen = setInterval(() => {}, 1_000);
				listening.stopHealthProbe();
				jobs.stopTimers();
				// Open event streams never end by themselves and would hold the drain to its deadline.
				runtime.live.endAll();
				// Push retries would outlive the database; a message not yet sent stays a hit in the alert list.
				runtime.push.stop();
				const clean = await drain(server, deadlineMs, listening.inFlight);
				// An import stops between two batches: what it wrote stays, and a second run takes the rest.
				await runtime.imports.stop();
				// Lists gathered and not yet planned wait for the sweep after the next start.
				await runtime.listAlerts.stop();
				// Their connections closed first: the last connection to close is the one that removes the WAL.
				await jobs.stopThreads();
				closeDatabase(runtime.sqlite);
				releasePidFile(config.dataDir);
				lock.release();
				log.info("stopped", { clean });
				log.flush();
				clearInterval(holdOpen);
			})();
			return stopping;
		},
	};
}

export type RunningServer = ReturnType<typeof startServer>;

function claimDataDir(config: Config): DataDirLock {
	const lock = lockDataDir(config.dataDir);
	if (!lock) throw new DataDirInUseError(inUseMessage(config.dataDir));
	return lock;
}

/**
 * The steps a migration cannot take, run after the migrations: mending data the old "near" left needs the
 * app's own code (the ZIP table's neighbourhoods). Each finds what is left to do, so a step cut short is
 * taken again. Once all have run, a bit of PRAGMA user_version says so, and later starts do not look again:
 * looking costs a read of every alert's words, too much for each start.
 */
const DATA_STEPS: readonly ((db: Db) => unknown)[] = [spreadAlertWords, mergeDuplicatePlaces];
const DATA_STEPS_TAKEN = 1;

function takeDataSteps({ sqlite, db }: ReturnType<typeof openDb>) {
	const version = userVersion(sqlite);
	if (version & DATA_STEPS_TAKEN) return;
	for (const step of DATA_STEPS) step(db);
	setUserVersion(sqlite, version | DATA_STEPS_TAKEN);
}

/** The database, migrated, with the category taxonomy in place and the data steps taken. */
function openDatabase(config: Config) {
	const opened = openDb(config.dbPath);
	try {
		migrate(opened.sqlite);
		ensureTaxonomy(opened.db);
		takeDataSteps(opened);
		// Before a backup can be taken: the id kept in the data folder moves into the database it belongs to.
		adoptInstanceFile(opened.sqlite, config.dataDir);
	} catch (error) {
		opened.sqlite.close();
		throw error;
	}
	return opened;
}

/** Bun.serve over the app; health answered from Bun's own router. */
function listen(runtime: Runtime, options: ServeOptions, lock: DataDirLock) {
	const { config, health } = runtime;
	const app = createApp(runtime, { assets: options.assets });
	// Requests being answered right now, for the log when a stop has to cut some off.
	const inFlight = { count: 0 };
	let hosts: Set<string> | undefined;
	const refuseHost = (req: Request) =>
		hosts && !hosts.has(req.headers.get("host") ?? "")
			? Response.json({ message: "Unknown host" }, { status: 421 })
			: undefined;
	// A server that checks Host headers (desktop) answers health in code; any other serves a static answer,
	// made anew when the once-a-second probe's answer changes.
	const snapshots = !options.allowedHosts && !options.liveHealth;
	let healthText = "";
	const healthRoutes = () => {
		if (!snapshots) return { [HEALTH_PATH]: healthRoute(health, refuseHost) };
		const snapshot = healthSnapshot(health);
		healthText = snapshot.text;
		return { [HEALTH_PATH]: snapshot.route };
	};
	const handle = async (req: Request, srv: Server<undefined>) => {
		const refused = refuseHost(req);
		if (refused) return refused;
		inFlight.count++;
		try {
			return await app.fetch(req, { server: srv });
		} finally {
			inFlight.count--;
		}
	};
	// A caller's own routes (`bun dev`'s web app at "/*") would shadow the app's: its paths are named too.
	const appRoutes = options.routes ? { ...options.routes, "/api/*": handle, "/uploads/*": handle } : {};
	let server: Server<undefined>;
	try {
		server = Bun.serve({
			port: config.port,
			hostname: options.hostname ?? "0.0.0.0",
			maxRequestBodySize: MAX_REQUEST_BODY_BYTES,
			development: options.development,
			routes: { ...appRoutes, ...healthRoutes() },
			fetch: handle,
		} as Parameters<typeof Bun.serve>[0]) as Server<undefined>;
	} catch (error) {
		runtime.sqlite.close();
		lock.release();
		throw listenError(error, config.port);
	}
	const port = server.port ?? config.port;
	if (options.allowedHosts) hosts = new Set(options.allowedHosts(port));
	// Hono builds its route matcher on the first match (several ms); do it now, while nobody waits, rather
	// than on the first visitor's request (health answers from Bun's own routes and never builds it).
	setImmediate(() => app.router.match("GET", "/"));
	const probe = setInterval(() => {
		if (snapshots && health.current().text !== healthText)
			server.reload({ routes: { ...appRoutes, ...healthRoutes() } } as never);
	}, HEALTH_PROBE_MS);
	probe.unref();
	return { server, port, inFlight, stopHealthProbe: () => clearInterval(probe) };
}

function listenError(error: unknown, port: number) {
	const code = (error as { code?: string }).code;
	if (code === "EADDRINUSE" || /in use/i.test(String(error))) {
		return new PortInUseError(`port ${port} is already in use; stop the other program or set PORT`);
	}
	if (code === "EACCES" || /permission denied/i.test(String(error))) {
		return new ListenError(`port ${port} needs privileges this user lacks; set PORT to 1024 or above`);
	}
	return error;
}

/** SIGTERM and SIGINT stop gracefully; a second signal during the drain exits at once. */
export function stopOnSignals(running: RunningServer) {
	let signalled = false;
	const onSignal = (signal: NodeJS.Signals) => {
		if (signalled) {
			log.warn("second signal: exiting without waiting", { signal });
			log.flush();
			process.exit(1);
		}
		signalled = true;
		log.info("stopping", { signal, deadlineMs: DRAIN_DEADLINE_MS });
		void running.stop().then(() => process.exit(0));
	};
	process.on("SIGTERM", onSignal);
	process.on("SIGINT", onSignal);
}
