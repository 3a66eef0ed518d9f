/**
 * Notices to a reporter about their own report (decision 0076): hidden by shoppers' flags, then back or
 * removed once a moderator decided. Written in the transaction that changed the report, so a notice exists
 * exactly when the change does; sent to the reporter's open tabs and devices once that has committed.
 * Products and fuel alike, over one description of each market.
 */
import { FUEL_LABEL, type FuelType } from "../../db/enums.ts";
import type { UserNotice } from "../../db/schema.ts";
import type { HitOutlets } from "../alerts/index.ts";
import { insertNotice, noticeSubject, noticesOf, setNoticesRead, unreadNoticeCount } from "../data/notices.ts";
import type { Tx } from "../data/transaction.ts";
import type { Db } from "../db.ts";
import { dealPath } from "../push/index.ts";
import { FUEL, PRODUCTS, type ReportTable } from "../reports/index.ts";

export type NoticeKind = UserNotice["kind"];
export type NoticeMarket = UserNotice["market"];

/** The live stream's event name for a notice (web/alerts/live.ts listens for it). */
export const NOTICE_EVENT = "notice";
/** Where the app lists a shopper's notices: what a notice with no page of its own opens. */
export const NOTICES_PATH = "/settings#notices";
/** How many of their newest notices a shopper is shown. */
export const NOTICE_LIST_LIMIT = 30;

/** What a notice needs of each market: its name, and how its report's "what" is written. */
const MARKETS: Record<ReportTable, { market: NoticeMarket; what: (raw: string) => string }> = {
	price_reports: { market: "products", what: (raw) => raw },
	gas_price_reports: { market: "fuel", what: (raw) => FUEL_LABEL[raw as FuelType] ?? raw },
};
const FORMAT: Record<NoticeMarket, (units: number) => string> = { products: PRODUCTS.format, fuel: FUEL.format };

const MESSAGE: Record<NoticeKind, (about: string) => string> = {
	"report-hidden": (about) => `Your price for ${about} is hidden while a moderator looks at flags on it.`,
	"report-restored": (about) => `A moderator looked at the flags on your price for ${about}: it is listed again.`,
	"report-removed": (about) => `A moderator removed your price for ${about} after shoppers flagged it.`,
};
const TITLE: Record<NoticeKind, string> = {
	"report-hidden": "Your price is under review",
	"report-restored": "Your price is listed again",
	"report-removed": "Your price was removed",
};

/**
 * Where a notice opens: a hidden or restored product price's own page (its reporter may read it while it is
 * hidden), the Gas page for fuel; nothing for a removed price, which no page shows any more.
 */
function urlOf(kind: NoticeKind, market: NoticeMarket, reportId: number): string | null {
	if (kind === "report-removed") return null;
	return market === "products" ? dealPath(reportId) : "/gas";
}

/** A notice as the API and the live stream carry it. */
export function noticeJson(row: UserNotice) {
	return {
		id: row.id,
		kind: row.kind,
		market: row.market,
		reportId: row.reportId,
		title: TITLE[row.kind],
		message: row.message,
		createdAt: row.createdAt.toISOString(),
		read: row.readAt !== null,
		/** The page it opens in the app, or null. */
		url: urlOf(row.kind, row.market, row.reportId),
	};
}
export type NoticeJson = ReturnType<typeof noticeJson>;

/** A notice written and waiting for its transaction to commit before it is sent. */
export type PendingNotice = { userId: string; notice: NoticeJson };

/**
 * Writes a notice to the reporter of `reportId` about what just happened to it; run it inside the
 * transaction that did it. Null for an open-data source's account (nobody reads it) or a report that is gone.
 */
export function writeNotice(
	tx: Tx,
	table: ReportTable,
	reportId: number,
	kind: NoticeKind,
	now = Date.now(),
): PendingNotice | null {
	const { market, what } = MARKETS[table];
	const about = noticeSubject(tx, table, reportId);
	if (!about || about.isSource) return null;
	const message = MESSAGE[kind](`${what(about.what)} at ${about.place} (${FORMAT[market](about.units)})`);
	const row = insertNotice(tx, { userId: about.userId, kind, market, reportId, message, createdAt: new Date(now) });
	return { userId: about.userId, notice: noticeJson(row) };
}

/**
 * Sends each notice to its reader's open tabs and, as a push message, to their subscribed devices; call
 * after the transaction that wrote them committed. One tag per report, so "listed again" replaces "hidden".
 */
export function deliverNotices({ live, push }: HitOutlets, pending: readonly (PendingNotice | null)[]) {
	for (const p of pending) {
		if (!p) continue;
		// No event id: the stream's ids are alert hits', which a reconnect asks to replay from.
		live.publish(p.userId, { event: NOTICE_EVENT, data: p.notice });
		push.send(p.userId, {
			title: p.notice.title,
			body: p.notice.message,
			url: p.notice.url ?? NOTICES_PATH,
			tag: `notice-${p.notice.market}-${p.notice.reportId}`,
		});
	}
}

/** The shopper's newest notices, newest first, and how many of all theirs are unread. */
export async function listNotices(db: Db, userId: string, limit = NOTICE_LIST_LIMIT) {
	const rows = await noticesOf(db, userId, limit);
	return { notices: rows.map(noticeJson), unread: await unreadNoticeCount(db, userId) };
}

/** Marks the shopper's notices read: those of `ids` (others' ids are ignored), or all of them. */
export async function markNoticesRead(db: Db, userId: string, ids: readonly number[] | null, now = Date.now()) {
	await setNoticesRead(db, userId, ids, new Date(now));
	return { unread: await unreadNoticeCount(db, userId) };
}
