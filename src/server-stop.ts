/** The last steps of a stop (src/server.ts): drain the requests, then leave the database file whole. */
import type { Database } from "bun:sqlite";
import type { Server } from "bun";
import { log } from "./lib/log.ts";

/**
 * Stops listening and waits for the requests in flight, up to the deadline, then cuts off the rest. Bun's
 * graceful stop resolves once every connection has finished its response, which is later than our handlers
 * returning: only then may the database close. Answers whether the drain was clean.
 */
export async function drain(server: Server<undefined>, deadlineMs: number, inFlight: { count: number }) {
	if (deadlineMs <= 0) {
		const clean = inFlight.count === 0;
		await server.stop(true);
		return clean;
	}
	const clean = await new Promise<boolean>((resolve) => {
		const timer = setTimeout(() => resolve(false), deadlineMs);
		void server.stop(false).then(() => {
			clearTimeout(timer);
			resolve(true);
		});
	});
	if (!clean) {
		log.warn("stop: requests still running at the deadline were cut off", { inFlight: inFlight.count, deadlineMs });
		await server.stop(true);
	}
	return clean;
}

/** Optimizes, checkpoints the WAL into the database file (briefly), and closes the connection. */
export function closeDatabase(sqlite: Database) {
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
}
