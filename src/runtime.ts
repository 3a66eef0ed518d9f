/**
 * Everything that lives as long as the process: the database, the configuration, caches, the live hub, the
 * report writer, the model, the limits and health. Built once at start-up (src/server.ts) and handed to
 * createApp; handlers reach it as `c.var.runtime`. No module holds state of its own.
 */
import type { Database } from "bun:sqlite";
import { PasskeyThrottle } from "./admin/index.ts";
import { alertHits, LiveHub } from "./alerts/index.ts";
import { LoginThrottle, PasswordHasher } from "./auth/index.ts";
import { createChangeStamp } from "./data/change-stamp.ts";
import type { Db } from "./db.ts";
import { SearchMemory } from "./deals/index.ts";
import type { Config } from "./env.ts";
import { log } from "./lib/log.ts";
import { type ChangeStamp, createReadCache, type ReadCache } from "./lib/read-cache.ts";
import { createSessionReader, type SessionReader } from "./lib/sessions.ts";
import { SlidingWindow } from "./lib/sliding-window.ts";
import { HOUR_MS, MINUTE_MS } from "./lib/time.ts";
import { ListAlertWatch, listAlertNotes } from "./lists/index.ts";
import { ImportJobs } from "./open-data/index.ts";
import { HealthMonitor, StorageTrouble } from "./ops/index.ts";
import { PushSender } from "./push/index.ts";
import { PriceEvents, PriceModel, ReportWriter } from "./reports/index.ts";
import { createTokenReader, type TokenReader } from "./tokens/index.ts";

export type Limits = {
	logins: LoginThrottle;
	passkeys: PasskeyThrottle;
	/** Sign-ups per client address per hour. */
	signups: SlidingWindow;
	/** Price and fuel reports per shopper per hour. */
	reports: SlidingWindow;
	/** Words on reports (given or taken back) per shopper per hour. */
	feedback: SlidingWindow;
	/** Stored photos per shopper per hour. */
	uploads: SlidingWindow;
	/** Requests per personal access token per minute (src/tokens). */
	apiTokens: SlidingWindow;
};

export type Runtime = {
	config: Config;
	sqlite: Database;
	db: Db;
	changeStamp: ChangeStamp;
	readCache: ReadCache;
	readSession: SessionReader;
	readToken: TokenReader;
	/** What search remembers exactly between requests (src/deals/search-memory.ts). */
	search: SearchMemory;
	live: LiveHub;
	/** Web Push to the shoppers' subscribed devices (fire and forget). */
	push: PushSender;
	/** Lists' alerts: the lists new prices may change, planned again in batches (src/lists/alert-watch.ts). */
	listAlerts: ListAlertWatch;
	/** Who hears of a price written on this thread, and of one committed (the writer thread has its own). */
	prices: PriceEvents;
	reports: ReportWriter;
	model: PriceModel;
	passwords: PasswordHasher;
	limits: Limits;
	/** Upload keys whose bytes are being received right now (uploads/storage.ts claimKey). */
	uploadsInFlight: Set<string>;
	/** Open data the running server imports (src/open-data/import-jobs.ts), one at a time. */
	imports: ImportJobs;
	storage: StorageTrouble;
	health: HealthMonitor;
};

/** The runtime over an open, migrated database. */
export function buildRuntime(config: Config, { sqlite, db }: { sqlite: Database; db: Db }): Runtime {
	log.setLevel(config.logLevel);
	const changeStamp = createChangeStamp(db);
	const storage = new StorageTrouble();
	const live = new LiveHub(db);
	const push = new PushSender(db, { vapid: config.vapid, allowedOrigins: config.pushAllowedOrigins });
	const passwords = new PasswordHasher(config.passwordHashMemoryKib);
	// Alerts record the hits a price sets off in its write's transaction, and deliver them once committed;
	// lists' alerts gather where products were priced, and plan the lists concerned once committed.
	const listAlerts = new ListAlertWatch(db, { live, push });
	const prices = new PriceEvents().on(alertHits({ live, push })).on(listAlertNotes(listAlerts));
	return {
		config,
		sqlite,
		db,
		changeStamp,
		readCache: createReadCache(changeStamp),
		readSession: createSessionReader(db, changeStamp),
		readToken: createTokenReader(db, changeStamp),
		search: new SearchMemory(),
		live,
		push,
		listAlerts,
		prices,
		reports: new ReportWriter(db),
		model: new PriceModel({ host: config.ollamaHost, model: config.ollamaModel, timeoutMs: config.ollamaTimeoutMs }),
		passwords,
		limits: {
			logins: new LoginThrottle(),
			passkeys: new PasskeyThrottle(),
			signups: new SlidingWindow(HOUR_MS),
			reports: new SlidingWindow(HOUR_MS),
			feedback: new SlidingWindow(HOUR_MS),
			uploads: new SlidingWindow(HOUR_MS),
			apiTokens: new SlidingWindow(MINUTE_MS),
		},
		uploadsInFlight: new Set(),
		imports: new ImportJobs({ db, passwords, prices }, config.dataDir),
		storage,
		health: new HealthMonitor(db, storage),
	};
}
