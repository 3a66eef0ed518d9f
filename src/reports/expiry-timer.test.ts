import { afterEach, expect, jest, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { priceReports, stores, users } from "../../db/schema.ts";
import { loadConfig } from "../env.ts";
import { type RunningServer, startServer } from "../server.ts";

// Written out, not read from the module: the README promises that a price past its age leaves search within
// a minute of a running server, and the first run comes a second after start-up.
const STARTUP_RUN_MS = 1_000;
const EVERY_MS = 60_000;
const DAY_MS = 86_400_000;

let dataDir: string | undefined;
let running: RunningServer | undefined;
afterEach(async () => {
	jest.useRealTimers();
	await running?.stop(0);
	if (dataDir) rmSync(dataDir, { recursive: true, force: true });
	running = dataDir = undefined;
});

test("a running server expires old prices a second after it starts, then every minute", async () => {
	// The server's own timers on a fake clock; the server itself (database, threads) is real.
	jest.useFakeTimers();
	dataDir = mkdtempSync(join(tmpdir(), "commoncents-expiry-"));
	running = startServer(
		loadConfig({ DATA_DIR: dataDir, PORT: "0", NODE_ENV: "test", OLLAMA_HOST: "off", REPORT_WRITER: "inline" }),
		{
			hostname: "127.0.0.1",
		},
	);
	const { db } = running;
	const user = db.insert(users).values({ username: "timer_ann", password: "-" }).returning().get();
	const store = db
		.insert(stores)
		.values({ name: "S", address: "A", zipCode: "10001", lookupKey: "s|a", locToken: "z10001" })
		.returning()
		.get();
	const reportAged = (productName: string, ageDays: number) =>
		db
			.insert(priceReports)
			.values({
				userId: user.id,
				storeId: store.id,
				productName,
				normalizedName: productName.toLowerCase(),
				priceCents: 349,
				categoryId: 5,
				zipCode: "10001",
				locToken: "z10001",
				createdAt: new Date(Date.now() - ageDays * DAY_MS),
			})
			.returning()
			.get().id;
	const expired = (id: number) => db.select().from(priceReports).where(eq(priceReports.id, id)).get()?.isExpired;

	const stale = reportAged("Stale Bread", 31);
	jest.advanceTimersByTime(STARTUP_RUN_MS + 1);
	expect(expired(stale)).toBe(true);

	// Goes past its 30 days after the start-up run: the next run, within the minute, takes it out.
	const nearlyStale = reportAged("Nearly Stale Bread", 30 - EVERY_MS / 2 / DAY_MS);
	expect(expired(nearlyStale)).toBe(false);
	jest.advanceTimersByTime(EVERY_MS);
	expect(expired(nearlyStale)).toBe(true);
});
