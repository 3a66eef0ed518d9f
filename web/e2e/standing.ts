import { execFileSync } from "node:child_process";
import { join } from "node:path";

/**
 * A flag weighs its shopper's standing (decision 0071): an account's age and its reports that stood, which a
 * test cannot wait a month for. As backdate.ts moves reports, this makes accounts a month old with five
 * reports that stood, in the server's database file with sqlite3: state made for the test.
 */
const DAY_MS = 86_400_000;

function database() {
	const dir = process.env.E2E_DATA_DIR;
	if (!dir) throw new Error("E2E_DATA_DIR is not set: run the browser tests through playwright.config.ts");
	return join(dir, "commoncents.db");
}

/** Makes these accounts (by username) shoppers of full standing. */
export function establishAccounts(usernames: string[]) {
	const at = Date.now() - 31 * DAY_MS;
	const names = usernames.map((name) => `'${name.replaceAll("'", "''")}'`).join(", ");
	const sql = `UPDATE users SET created_at = ${at}, total_reports = 5, reports_upheld = 0, reports_refused = 0
    WHERE username IN (${names});`;
	execFileSync("sqlite3", ["-cmd", ".timeout 5000", database(), sql]);
}
