/**
 * Notices to a reporter about their own reports (decision 0076): what a notice is written about, read inside
 * the transaction that changed the report, and the shopper's list of them.
 */
import { and, count, desc, eq, inArray, isNull } from "drizzle-orm";
import { type UserNotice, userNotices } from "../../db/schema.ts";
import type { Db } from "../db.ts";
import type { Tx } from "./transaction.ts";

/** A report as its notice speaks of it: whose, what (a product's name or a fuel type), its price, and where. */
export type NoticeSubject = { userId: string; isSource: number; what: string; units: number; place: string };

const SUBJECT_SQL = {
	price_reports: `SELECT r.user_id AS userId, u.source IS NOT NULL AS isSource, r.product_name AS what,
        r.price_cents AS units, s.name AS place
      FROM price_reports r JOIN stores s ON s.id = r.store_id JOIN users u ON u.id = r.user_id WHERE r.id = $id`,
	gas_price_reports: `SELECT g.user_id AS userId, u.source IS NOT NULL AS isSource, g.fuel_type AS what,
        g.price_mills AS units, s.name AS place
      FROM gas_price_reports g JOIN gas_stations s ON s.id = g.station_id JOIN users u ON u.id = g.user_id
      WHERE g.id = $id`,
} as const;

/** The report a notice is about, or null when it is gone. */
export function noticeSubject(tx: Tx, table: keyof typeof SUBJECT_SQL, reportId: number): NoticeSubject | null {
	return tx.$client.query<NoticeSubject, { id: number }>(SUBJECT_SQL[table]).get({ id: reportId });
}

export function insertNotice(
	tx: Tx,
	values: Pick<UserNotice, "userId" | "kind" | "market" | "reportId" | "message" | "createdAt">,
): UserNotice {
	return tx.insert(userNotices).values(values).returning().get();
}

/** The shopper's newest notices, newest first. */
export async function noticesOf(db: Db, userId: string, limit: number): Promise<UserNotice[]> {
	return db
		.select()
		.from(userNotices)
		.where(eq(userNotices.userId, userId))
		.orderBy(desc(userNotices.createdAt), desc(userNotices.id))
		.limit(limit)
		.all();
}

/** How many of the shopper's notices are unread. */
export async function unreadNoticeCount(db: Db, userId: string): Promise<number> {
	return (
		db
			.select({ n: count() })
			.from(userNotices)
			.where(and(eq(userNotices.userId, userId), isNull(userNotices.readAt)))
			.get()?.n ?? 0
	);
}

/** Marks the shopper's unread notices read: those of `ids` (others' ids are ignored), or all of them. */
export async function setNoticesRead(db: Db, userId: string, ids: readonly number[] | null, at: Date) {
	db.update(userNotices)
		.set({ readAt: at })
		.where(
			and(
				eq(userNotices.userId, userId),
				isNull(userNotices.readAt),
				ids === null ? undefined : inArray(userNotices.id, [...ids]),
			),
		)
		.run();
}
