import { execFileSync } from "node:child_process";
import { join } from "node:path";

/**
 * Price history needs prices reported days ago; the API stamps every report now. The test moves its own
 * reports back in time in the server's database file, with Debian's sqlite3 (which ./scripts/test installs):
 * state made for the test, as the other fixtures make it through the API.
 */
const DAY_MS = 86_400_000;

function database() {
	const dir = process.env.E2E_DATA_DIR;
	if (!dir) throw new Error("E2E_DATA_DIR is not set: run the browser tests through playwright.config.ts");
	return join(dir, "commoncents.db");
}

/** Moves reports (`price_reports` or `gas_price_reports`) back by `days` each: [report id, days ago]. */
export function backdateReports(
	table: "price_reports" | "gas_price_reports",
	reports: [id: number, daysAgo: number][],
) {
	const now = Date.now();
	const statements = reports.map(([id, days]) => {
		const at = now - Math.round(days * DAY_MS);
		return `UPDATE ${table} SET created_at = ${at}, updated_at = ${at} WHERE id = ${Number(id)};`;
	});
	execFileSync("sqlite3", ["-cmd", ".timeout 5000", database(), `BEGIN IMMEDIATE; ${statements.join(" ")} COMMIT;`]);
}
