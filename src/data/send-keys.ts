/** The keys devices gave reports they kept while offline (db/schema/reports.ts, reportSendKeys). */
import type { Tx } from "./transaction.ts";

type Sent = { user: string; market: "product" | "fuel"; key: string };

/** The report this shopper already sent with this key in this market; null if none. */
export function sentWithKey(tx: Tx, { user, market, key }: Sent): number | null {
	const row = tx.$client
		.query<{ reportId: number }, [string, string, string]>(
			"SELECT report_id AS reportId FROM report_send_keys WHERE user_id = ?1 AND market = ?2 AND send_key = ?3",
		)
		.get(user, market, key);
	return row?.reportId ?? null;
}

/** Remembers which report a key's sending filed (or was answered as). */
export function rememberSendKey(tx: Tx, { user, market, key }: Sent, reportId: number) {
	tx.$client
		.query("INSERT OR IGNORE INTO report_send_keys (user_id, market, send_key, report_id) VALUES (?1, ?2, ?3, ?4)")
		.run(user, market, key, reportId);
}
