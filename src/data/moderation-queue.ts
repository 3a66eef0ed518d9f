/**
 * The moderation queue's reads (src/admin/flags.ts): product and fuel reports with open "wrong" flags,
 * hidden by them or not, most flagged first and then the longest waiting. Each starts from its feedback
 * table's partial index of open flags. A report its flags hid stays in the queue, unexpired, even once none
 * of them is open (its flaggers took them back or left): nothing but a moderator's decision brings it back,
 * so it must not drop out of their sight. Those few are found by a scan of the reports (no index covers
 * withdrawn_reason). One query for both kinds, each over its tables. Synchronous over a `Tx`: a decision reads
 * its report in the transaction that decides it, and the list reads in one (flags.ts).
 */
import { and, asc, count, desc, eq, inArray, notExists, sql } from "drizzle-orm";
import {
	gasPriceReports,
	gasReportFeedback,
	gasStations,
	priceReportFeedback,
	priceReports,
	stores,
	users,
} from "../../db/schema.ts";
import type { Db } from "../db.ts";
import type { Tx } from "./transaction.ts";

/** A flagged report's kind, as the console names it. */
export type QueueKind = "product" | "fuel";

/** Each kind's tables: its reports, their feedback, their places, and what a report is of and costs. */
const TABLES = {
	product: {
		reports: priceReports,
		feedback: priceReportFeedback,
		places: stores,
		placeId: priceReports.storeId,
		what: priceReports.productName,
		units: priceReports.priceCents,
		// The category says how long its price is fresh.
		category: sql<string | null>`(SELECT slug FROM product_categories WHERE id = ${priceReports.categoryId})`,
	},
	fuel: {
		reports: gasPriceReports,
		feedback: gasReportFeedback,
		places: gasStations,
		placeId: gasPriceReports.stationId,
		what: gasPriceReports.fuelType,
		units: gasPriceReports.priceMills,
		category: sql<string | null>`NULL`,
	},
};

type Feedback = typeof priceReportFeedback | typeof gasReportFeedback;
type Reports = typeof priceReports | typeof gasPriceReports;

const isOpenFlag = (f: Feedback) => and(eq(f.kind, "wrong"), eq(f.status, "open"));

/**
 * Withdrawn by flags until a moderator decides, none of them open any more. Not expired: a report a
 * moderator expired stays withdrawn by its flags, decided, and an expired one would not come back anyway.
 */
const hiddenUnflagged = (db: Db, r: Reports, f: Feedback) =>
	and(
		eq(r.isActive, false),
		eq(r.withdrawnReason, "flagged"),
		eq(r.isExpired, false),
		notExists(
			db
				.select({ one: sql`1` })
				.from(f)
				.where(and(eq(f.reportId, r.id), isOpenFlag(f))),
		),
	);

/**
 * Per report, its open flags and when the first of them was raised (one report, or all); and the reports
 * hidden by flags none of which is open, with no flags since they were hidden.
 */
const openFlags = (db: Db, f: Feedback, r: Reports, reportId?: number) =>
	db
		.select({
			reportId: f.reportId,
			flags: sql<number>`count(*)`.as("flags"),
			since: sql<number>`min(${f.createdAt})`.as("since"),
		})
		.from(f)
		.where(and(isOpenFlag(f), reportId === undefined ? undefined : eq(f.reportId, reportId)))
		.groupBy(f.reportId)
		.unionAll(
			db
				.select({
					reportId: r.id,
					flags: sql<number>`0`.as("flags"),
					since: sql<number>`${r.updatedAt}`.as("since"),
				})
				.from(r)
				.where(and(hiddenUnflagged(db, r, f), reportId === undefined ? undefined : eq(r.id, reportId))),
		)
		.as("open_flags");

const reportColumns = (r: Reports) => ({
	userId: r.userId,
	createdAt: r.createdAt,
	isActive: r.isActive,
	isExpired: r.isExpired,
	withdrawnReason: r.withdrawnReason,
	flagWeight: r.flagWeight,
	trust: {
		verificationConfidence: r.verificationConfidence,
		confirmedAt: r.confirmedAt,
		confirmCount: r.confirmCount,
		confirmWeight: r.confirmWeight,
		flagWeight: r.flagWeight,
		changedCount: r.changedCount,
		unavailableCount: r.unavailableCount,
		unavailableAt: r.unavailableAt,
		flagCount: r.flagCount,
		isUnusual: r.isUnusual,
	},
});

const reporterColumns = {
	id: users.id,
	username: users.username,
	firstName: users.firstName,
	lastName: users.lastName,
	isTerminated: users.isTerminated,
	totalReports: users.totalReports,
	reportsUpheld: users.reportsUpheld,
	reportsRefused: users.reportsRefused,
};

/**
 * A kind's flagged reports (or the one of `reportId`), most flagged first, then the longest waiting: each with
 * what it is of (a product's name, a fuel), its price in its unit, its place, trust and reporter.
 */
export function flaggedRows(tx: Tx, kind: QueueKind, limit: number, reportId?: number) {
	const t = TABLES[kind];
	const open = openFlags(tx, t.feedback, t.reports, reportId);
	return tx
		.select({
			reportId: open.reportId,
			flags: open.flags,
			since: open.since,
			what: t.what,
			units: t.units,
			category: t.category,
			placeName: t.places.name,
			placeAddress: t.places.address,
			...reportColumns(t.reports),
			reporter: reporterColumns,
		})
		.from(open)
		.innerJoin(t.reports, eq(t.reports.id, open.reportId))
		.innerJoin(t.places, eq(t.places.id, t.placeId))
		.innerJoin(users, eq(users.id, t.reports.userId))
		.orderBy(desc(open.flags), asc(open.since))
		.limit(limit)
		.all();
}
export type FlaggedRow = ReturnType<typeof flaggedRows>[number];

/** The open flags' reasons of these reports of a kind, counted per report and reason. */
export function openFlagReasons(tx: Tx, kind: QueueKind, ids: number[]) {
	const f = TABLES[kind].feedback;
	if (ids.length === 0) return [];
	return tx
		.select({ reportId: f.reportId, reason: f.reason, count: count() })
		.from(f)
		.where(and(isOpenFlag(f), inArray(f.reportId, ids)))
		.groupBy(f.reportId, f.reason)
		.all();
}

/** How many reports of a kind the queue holds in all. */
export function flaggedCount(tx: Tx, kind: QueueKind) {
	const { feedback: f, reports: r } = TABLES[kind];
	const open =
		tx
			.select({ n: sql<number>`count(DISTINCT ${f.reportId})` })
			.from(f)
			.where(isOpenFlag(f))
			.get()?.n ?? 0;
	const hidden =
		tx
			.select({ n: count() })
			.from(r)
			.where(hiddenUnflagged(tx, r, f))
			.get()?.n ?? 0;
	return open + hidden;
}

/** Whether a report of a kind exists at all (to tell a 404 from "nothing open"). */
export function reportExists(tx: Tx, kind: QueueKind, reportId: number): boolean {
	const r = TABLES[kind].reports;
	return tx.select({ id: r.id }).from(r).where(eq(r.id, reportId)).get() !== undefined;
}

/** The feedback table of a kind's reports, as the flaggers' read takes it (src/data/flaggers.ts). */
export const feedbackTableOf = (kind: QueueKind) => TABLES[kind].feedback;
