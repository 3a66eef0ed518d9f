/**
 * The moderation record: every action a moderator takes is written in the transaction that takes
 * it, with who, whom, which report, why and what it was about in words, and the console lists it newest first.
 * Names are kept as they were, so the record still reads after an account or a report is gone.
 */
import type { ModerationAction } from "../../db/enums.ts";
import {
	insertModerationAction,
	latestModerationActions,
	type ModerationActionRow,
} from "../data/moderation-record.ts";
import type { Tx } from "../data/transaction.ts";
import type { Db } from "../db.ts";
import type { FlaggedKind } from "./schemas.ts";

/** How many entries the console lists. */
export const RECORD_LIMIT = 100;

export type RecordInput = {
	moderator: { id: string; username: string };
	action: ModerationAction;
	target: { id: string; username: string };
	report?: { kind: FlaggedKind; id: number };
	reason: string;
	detail: string;
	now: number;
};

/** Writes one entry, in the caller's transaction; answers it as the record lists it. */
export function recordAction(tx: Tx, entry: RecordInput) {
	const row = insertModerationAction(tx, {
		moderatorId: entry.moderator.id,
		moderatorName: entry.moderator.username,
		action: entry.action,
		targetUserId: entry.target.id,
		targetName: entry.target.username,
		priceReportId: entry.report?.kind === "product" ? entry.report.id : null,
		gasReportId: entry.report?.kind === "fuel" ? entry.report.id : null,
		reason: entry.reason,
		detail: entry.detail,
		createdAt: new Date(entry.now),
	});
	return toRecordEntry(row);
}

/** The record, newest first. */
export async function listActions(db: Db, limit = RECORD_LIMIT) {
	return (await latestModerationActions(db, limit)).map(toRecordEntry);
}

/** One entry as the console shows it; an id is null once its account or report is deleted (the names stay). */
export function toRecordEntry(row: ModerationActionRow) {
	const report =
		row.priceReportId !== null
			? { kind: "product" as FlaggedKind, id: row.priceReportId }
			: row.gasReportId !== null
				? { kind: "fuel" as FlaggedKind, id: row.gasReportId }
				: null;
	return {
		id: row.id,
		action: row.action,
		moderator: { id: row.moderatorId, username: row.moderatorName },
		target: { id: row.targetUserId, username: row.targetName },
		report,
		reason: row.reason,
		detail: row.detail,
		createdAt: row.createdAt.toISOString(),
	};
}
export type RecordEntry = ReturnType<typeof toRecordEntry>;
