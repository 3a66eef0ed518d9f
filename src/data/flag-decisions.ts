/**
 * What a moderator's decision on a flagged report writes, inside its transaction: the report's open flags
 * closed (dismissed or upheld), a report its flags hid listed again, whether it is listed now, and the
 * reporter's count of reports removed on flags.
 */
import { eq, sql } from "drizzle-orm";
import { users } from "../../db/schema.ts";
import { FEEDBACK_TABLE } from "./report-feedback.ts";
import type { ReportTable } from "./reports.ts";
import type { Tx } from "./transaction.ts";

/** Sets the report's open flags to dismissed or upheld. */
export function closeFlags(tx: Tx, table: ReportTable, id: number, status: "dismissed" | "upheld", now: number) {
	tx.$client
		.query(`UPDATE ${FEEDBACK_TABLE[table]} SET status = $status, updated_at = $now
      WHERE report_id = $id AND kind = 'wrong' AND status = 'open'`)
		.run({ id, status, now });
}

/**
 * A report its flags hid, its flags dismissed: back in search and the stations' prices by the triggers, or,
 * with its reporter suspended, withdrawn with the suspension so that lifting it brings the report back.
 */
export function unhide(tx: Tx, table: ReportTable, id: number, reporterSuspended: boolean, now: number) {
	const set = reporterSuspended ? "withdrawn_reason = 'suspended'" : "is_active = 1, withdrawn_reason = NULL";
	tx.$client
		.query(
			`UPDATE ${table} SET ${set}, updated_at = $now WHERE id = $id AND is_active = 0 AND withdrawn_reason = 'flagged'`,
		)
		.run({ id, now });
}

/** Whether the report is listed (active and unexpired). */
export function isListed(tx: Tx, table: ReportTable, id: number) {
	const row = tx.$client
		.query<{ live: number }, { id: number }>(
			`SELECT is_active = 1 AND is_expired = 0 AS live FROM ${table} WHERE id = $id`,
		)
		.get({ id });
	return row?.live === 1;
}

/** One more of the reporter's reports removed on its flags (their accuracy counts it). */
export function countUpheld(tx: Tx, reporterId: string) {
	tx.update(users)
		.set({ reportsUpheld: sql`${users.reportsUpheld} + 1` })
		.where(eq(users.id, reporterId))
		.run();
}
