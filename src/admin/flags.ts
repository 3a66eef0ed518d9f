/**
 * The moderation queue: product and fuel reports with open "wrong" flags, hidden by them or not, most
 * flagged first and then the longest waiting (src/data/moderation-queue.ts reads them), each with who flagged
 * it (flaggers.ts). A report its flags hid stays in the queue until a moderator decides.
 */
import { FLAG_REASONS, type FlagReason, FUEL_LABEL, type FuelType } from "../../db/enums.ts";
import {
	type FlaggedRow,
	feedbackTableOf,
	flaggedCount,
	flaggedRows,
	openFlagReasons,
	type QueueKind,
} from "../data/moderation-queue.ts";
import { type Tx, transaction } from "../data/transaction.ts";
import type { Db } from "../db.ts";
import { formatCents, formatMills } from "../lib/money.ts";
import { accuracyOf, FUEL, fuelFreshDays, PRODUCTS, productFreshDays, trustOf } from "../reports/index.ts";
import { type Flagger, flaggersOf } from "./flaggers.ts";
import type { FlaggedKind } from "./schemas.ts";

export { reportExists } from "../data/moderation-queue.ts";

/** How many flagged reports the console lists at once: the most flagged. */
export const QUEUE_LIMIT = 100;

/** What a queue item says of its kind: the price in dollars, what it is of, how long it is fresh. */
const KINDS = {
	product: {
		market: PRODUCTS,
		what: (row: FlaggedRow) => row.what,
		freshDays: (row: FlaggedRow) => productFreshDays(row.category ?? ""),
	},
	fuel: {
		market: FUEL,
		what: (row: FlaggedRow) => FUEL_LABEL[row.what as FuelType],
		freshDays: (row: FlaggedRow) => fuelFreshDays(row.what as FuelType),
	},
} satisfies Record<QueueKind, unknown>;

type Reasons = { reason: FlagReason; count: number }[];

/** The open flags' reasons of these reports, most given first (then in FLAG_REASONS' order). */
function reasonsOf(tx: Tx, kind: QueueKind, ids: number[]) {
	const byReport = new Map<number, Reasons>();
	for (const row of openFlagReasons(tx, kind, ids)) {
		const list = byReport.get(row.reportId) ?? [];
		// A flag always carries a reason; one without reads as "other" rather than vanishing from the count.
		list.push({ reason: row.reason ?? "other", count: row.count });
		byReport.set(row.reportId, list);
	}
	const rank = (r: FlagReason) => FLAG_REASONS.indexOf(r);
	for (const list of byReport.values()) list.sort((a, b) => b.count - a.count || rank(a.reason) - rank(b.reason));
	return byReport;
}

/** Each report's open flags: their reasons counted, and who raised them. */
function openFlagsOf(tx: Tx, kind: QueueKind, ids: number[], now: number) {
	const reasons = reasonsOf(tx, kind, ids);
	const flaggers = flaggersOf(tx, feedbackTableOf(kind), ids, now);
	return (id: number) => ({ reasons: reasons.get(id) ?? [], flaggers: flaggers.get(id) ?? [] });
}

function toQueueItem(
	kind: FlaggedKind,
	row: FlaggedRow,
	{ reasons, flaggers }: { reasons: Reasons; flaggers: Flagger[] },
	now: number,
) {
	const described = KINDS[kind];
	const { confidence } = trustOf(
		{
			...row.trust,
			createdAt: row.createdAt.getTime(),
			confirmedAt: row.trust.confirmedAt?.getTime() ?? null,
			unavailableAt: row.trust.unavailableAt?.getTime() ?? null,
		},
		described.freshDays(row),
		now,
	);
	const { totalReports, reportsUpheld, reportsRefused, ...reporter } = row.reporter;
	return {
		kind,
		reportId: row.reportId,
		what: described.what(row),
		/** In dollars, as reports are sent: cents for a product, thousandths for fuel. */
		price: described.market.toDollars(row.units),
		place: { name: row.placeName, address: row.placeAddress },
		reporter: { ...reporter, accuracy: accuracyOf({ totalReports, reportsUpheld, reportsRefused }) },
		/** The confidence now (decayed with age, lowered by each open flag). */
		confidence,
		flags: row.flags,
		reasons,
		/** What the open flags weigh together by their flaggers' standing, as the threshold that hides it reads. */
		flagWeight: Math.round(row.flagWeight * 100) / 100,
		/** Who raised the open flags, the first first. */
		flaggers,
		/** Withdrawn by its flags until a moderator decides (not by a suspension, nor by age). */
		hidden: !row.isActive && row.withdrawnReason === "flagged",
		expired: row.isExpired,
		createdAt: row.createdAt.toISOString(),
		/** When its oldest open flag was raised. */
		flaggedSince: new Date(row.since).toISOString(),
	};
}
export type QueueItem = ReturnType<typeof toQueueItem>;

/** A kind's flagged reports (or the one of `reportId`) as queue items. */
function queueItems(tx: Tx, kind: QueueKind, limit: number, now: number, reportId?: number) {
	const rows = flaggedRows(tx, kind, limit, reportId);
	const flags = openFlagsOf(
		tx,
		kind,
		rows.map((r) => r.reportId),
		now,
	);
	return rows.map((row) => toQueueItem(kind, row, flags(row.reportId), now));
}

/** Reports with open flags, both kinds, most flagged first, then the longest waiting; and how many in all. */
export async function listFlaggedReports(db: Db, limit = QUEUE_LIMIT, now = Date.now()) {
	return transaction(db, (tx) => {
		const items = [...queueItems(tx, "product", limit, now), ...queueItems(tx, "fuel", limit, now)]
			.sort((a, b) => b.flags - a.flags || a.flaggedSince.localeCompare(b.flaggedSince))
			.slice(0, limit);
		return { items, total: flaggedCount(tx, "product") + flaggedCount(tx, "fuel") };
	});
}

/** One report of the queue, or undefined when it has no open flags and was not hidden by flags (or does not exist). */
export function flaggedReport(tx: Tx, kind: FlaggedKind, reportId: number, now = Date.now()): QueueItem | undefined {
	return queueItems(tx, kind, 1, now, reportId)[0];
}

/** The record's words for a report: "Oat Milk $3.49 at Corner Shop, 5 Elm St". */
export function describeReport(item: QueueItem) {
	const price =
		item.kind === "fuel" ? formatMills(Math.round(item.price * 1000)) : formatCents(Math.round(item.price * 100));
	return `${item.what} ${price} at ${item.place.name}, ${item.place.address}`;
}

/** Its open flags in words: "3 flags: wrong price x2, spam", or "0 flags" for one hidden by flags taken back. */
export function describeFlags(item: QueueItem) {
	if (item.flags === 0) return "0 flags";
	const reasons = item.reasons.map((r) => `${r.reason.replace("-", " ")}${r.count > 1 ? ` x${r.count}` : ""}`);
	return `${item.flags} flag${item.flags === 1 ? "" : "s"}: ${reasons.join(", ")}`;
}
