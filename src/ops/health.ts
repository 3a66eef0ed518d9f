import pkg from "../../package.json" with { type: "json" };
import type { Db } from "../db.ts";
import { MIGRATIONS_TABLE } from "../db.ts";
import { SECURITY_HEADERS } from "../lib/security-headers.ts";
import type { StorageTrouble } from "./storage-trouble.ts";

/** Health's message while writes fail on the disk. */
export const STORAGE_TROUBLE_HEALTH = "writes are failing: the disk is full, failing or read-only";

export const VERSION: string = pkg.version;
export const HEALTH_PATH = "/api/health";

export type Health = {
	status: "ok" | "error";
	version: string;
	database: { status: "ok" | "error"; schema: string | null; message?: string };
};

/** A real round trip to SQLite (the newest applied migration), cheap enough for a probe every few seconds. */
export function checkHealth(db: Db, storage: StorageTrouble): Health {
	try {
		const row = db.$client
			.query<{ tag: string }, []>(`SELECT tag FROM ${MIGRATIONS_TABLE} ORDER BY tag DESC LIMIT 1`)
			.get();
		const schema = row?.tag ?? null;
		// Reads still work on a full disk; what fails is every write, which the requests that met it have told.
		if (storage.inTrouble()) {
			return {
				status: "error",
				version: VERSION,
				database: { status: "error", schema, message: STORAGE_TROUBLE_HEALTH },
			};
		}
		return { status: "ok", version: VERSION, database: { status: "ok", schema } };
	} catch (error) {
		return {
			status: "error",
			version: VERSION,
			database: { status: "error", schema: null, message: (error as Error).message },
		};
	}
}

/** How long one database probe answers for: however often the platform polls, SQLite sees one probe a second. */
export const HEALTH_PROBE_MS = 1_000;

type Probe = { until: number; storageTrouble: boolean; health: Health; text: string };

/** The runtime's health: the last probe younger than HEALTH_PROBE_MS, else a new probe. */
export class HealthMonitor {
	private probe: Probe | undefined;

	constructor(
		private readonly db: Db,
		readonly storage: StorageTrouble,
	) {}

	/** The current health with its JSON text. A write that fails on a full disk, or the first that succeeds after, is told at once. */
	current(now = Date.now()): { health: Health; text: string } {
		const storageTrouble = this.storage.inTrouble(now);
		let probe = this.probe;
		if (!probe || probe.until <= now || probe.storageTrouble !== storageTrouble) {
			const health = checkHealth(this.db, this.storage);
			probe = { until: now + HEALTH_PROBE_MS, storageTrouble, health, text: JSON.stringify(health) };
			this.probe = probe;
		}
		return probe;
	}
}

const HEALTH_HEADERS: [string, string][] = [
	...SECURITY_HEADERS,
	["content-type", "application/json"],
	["cache-control", "no-store"],
];
const statusOf = (health: Health) => (health.status === "ok" ? 200 : 503);

/**
 * GET /api/health for Bun's own router (Bun.serve's `routes`): the API route's answer and headers without the
 * app's middleware, which a probe does not need (no session, no body, nothing to log but at debug level). A
 * platform polling every instance all day then costs next to nothing. `refuse` may turn a request away first.
 */
export function healthRoute(monitor: HealthMonitor, refuse: (req: Request) => Response | undefined = () => undefined) {
	const headers = new Headers(HEALTH_HEADERS);
	return {
		GET(req: Request) {
			const refused = refuse(req);
			if (refused) return refused;
			const { health, text } = monitor.current();
			return new Response(text, { status: statusOf(health), headers });
		},
	};
}

/**
 * The same answer as a static response, which Bun serves without running any JavaScript, and the probe's
 * text it was made from: the server makes a new one when a later probe's text differs.
 */
export function healthSnapshot(monitor: HealthMonitor) {
	const { health, text } = monitor.current();
	return { text, route: { GET: new Response(text, { status: statusOf(health), headers: HEALTH_HEADERS }) } };
}
