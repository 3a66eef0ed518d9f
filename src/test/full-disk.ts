/** A database that cannot grow by a page: every write that needs one fails as on a full disk (SQLITE_FULL). */
import { Database } from "bun:sqlite";

export function fullDatabase() {
	const sqlite = new Database(":memory:");
	sqlite.exec("CREATE TABLE notes (body TEXT NOT NULL)");
	const { page_count: pages } = sqlite.query("PRAGMA page_count").get() as { page_count: number };
	sqlite.exec(`PRAGMA max_page_count = ${pages}`); // full: the next page cannot be had
	return sqlite;
}

/** The error `write` throws; the test fails when it throws none. */
export function caught(write: () => unknown): unknown {
	try {
		write();
	} catch (error) {
		return error;
	}
	throw new Error("the write succeeded");
}
