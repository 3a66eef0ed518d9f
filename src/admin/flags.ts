/**
 * The moderation queue: product and fuel reports with open "wrong" flags, hidden by them or not,
 * most flagged first and then the longest waiting, each with who flagged it (flaggers.ts). Each starts from
 * its table's partial index of open flags. A report its flags hid stays in the queue, unexpired, even once
 * none of them is open (its flaggers took them back or left): nothing but a moderator's decision brings it
 * back, so it must not drop out of their sight. Those few are found by a scan of the reports (no index
 * covers withdrawn_reason).
 */
import { and, asc, count, desc, eq, inArray, notExists, sql } from "drizzle-orm";
import { FLAG_REASONS, type FlagReason, FUEL_LABEL } from "../../db/enums.ts";
import {
	gasPriceReports,
	gasReportFeedback,
	gasStations,
	priceReportFeedback,
	priceReports,
	productCategories,
	stores,
	users,
} from "../../db/schema.ts";
import type { Db } from "../db.ts";
import { centsToNumber, formatCents, formatMills, millsToNumber } from "../lib/money.ts";
import { accuracyOf, fuelFreshDays, productFreshDays, trustOf } from "../reports/index.ts";
import { type Flagger, flaggersOf } from "./flaggers.ts";
import type { FlaggedKind } from "./schemas.ts";

/** How many flagged reports the console lists at once: the most flagged. */
export const QUEUE_LIMIT = 100;

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

const order = (open: ReturnType<typeof openFlags>) => [desc(open.flags), asc(open.since)];

function productRows(db: Db, limit: number, reportId?: number) {
	const open = openFlags(db, priceReportFeedback, priceReports, reportId);
	return db
		.select({
			reportId: open.reportId,
			flags: open.flags,
			since: open.since,
			what: priceReports.productName,
			units: priceReports.priceCents,
			category: productCategories.slug,
			placeName: stores.name,
			placeAddress: stores.address,
			...reportColumns(priceReports),
			reporter: reporterColumns,
		})
		.from(open)
		.innerJoin(priceReports, eq(priceReports.id, open.reportId))
		.innerJoin(stores, eq(stores.id, priceReports.storeId))
		.innerJoin(productCategories, eq(productCategories.id, priceReports.categoryId))
		.innerJoin(users, eq(users.id, priceReports.userId))
		.orderBy(...order(open))
		.limit(limit)
		.all();
}

function fuelRows(db: Db, limit: number, reportId?: number) {
	const open = openFlags(db, gasReportFeedback, gasPriceReports, reportId);
	return db
		.select({
			reportId: open.reportId,
			flags: open.flags,
			since: open.since,
			fuel: gasPriceReports.fuelType,
			units: gasPriceReports.priceMills,
			placeName: gasStations.name,
			placeAddress: gasStations.address,
			...reportColumns(gasPriceReports),
			reporter: reporterColumns,
		})
		.from(open)
		.innerJoin(gasPriceReports, eq(gasPriceReports.id, open.reportId))
		.innerJoin(gasStations, eq(gasStations.id, gasPriceReports.stationId))
		.innerJoin(users, eq(users.id, gasPriceReports.userId))
		.orderBy(...order(open))
		.limit(limit)
		.all();
}

type ProductRow = ReturnType<typeof productRows>[number];
type FuelRow = ReturnType<typeof fuelRows>[number];

type Reasons = { reason: FlagReason; count: number }[];

/** The open flags' reasons of these reports, most given first (then in FLAG_REASONS' order). */
function reasonsOf(db: Db, f: Feedback, ids: number[]) {
	const byReport = new Map<number, Reasons>();
	if (ids.length === 0) return byReport;
	const rows = db
		.select({ reportId: f.reportId, reason: f.reason, count: count() })
		.from(f)
		.where(and(isOpenFlag(f), inArray(f.reportId, ids)))
		.groupBy(f.reportId, f.reason)
		.all();
	for (const row of rows) {
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
function openFlagsOf(db: Db, f: Feedback, ids: number[], now: number) {
	const reasons = reasonsOf(db, f, ids);
	const flaggers = flaggersOf(db, f, ids, now);
	return (id: number) => ({ reasons: reasons.get(id) ?? [], flaggers: flaggers.get(id) ?? [] });
}

function toQueueItem(
	kind: FlaggedKind,
	row: ProductRow | FuelRow,
	{ reasons, flaggers }: { reasons: Reasons; flaggers: Flagger[] },
	now: number,
) {
	const isFuel = "fuel" in row;
	const freshDays = isFuel ? fuelFreshDays(row.fuel) : productFreshDays(row.category);
	const { confidence } = trustOf(
		{
			...row.trust,
			createdAt: row.createdAt.getTime(),
			confirmedAt: row.trust.confirmedAt?.getTime() ?? null,
			unavailableAt: row.trust.unavailableAt?.getTime() ?? null,
		},
		freshDays,
		now,
	);
	const { totalReports, reportsUpheld, reportsRefused, ...reporter } = row.reporter;
	return {
		kind,
		reportId: row.reportId,
		what: isFuel ? FUEL_LABEL[row.fuel] : row.what,
		/** In dollars, as reports are sent: cents for a product, thousandths for fuel. */
		price: isFuel ? millsToNumber(row.units) : centsToNumber(row.units),
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

/** Reports with open flags, both kinds, most flagged first, then the longest waiting; and how many in all. */
export function listFlaggedReports(db: Db, limit = QUEUE_LIMIT, now = Date.now()) {
	const products = productRows(db, limit);
	const fuel = fuelRows(db, limit);
	const ids = (rows: { reportId: number }[]) => rows.map((r) => r.reportId);
	const productFlags = openFlagsOf(db, priceReportFeedback, ids(products), now);
	const fuelFlags = openFlagsOf(db, gasReportFeedback, ids(fuel), now);
	const items = [
		...products.map((r) => toQueueItem("product", r, productFlags(r.reportId), now)),
		...fuel.map((r) => toQueueItem("fuel", r, fuelFlags(r.reportId), now)),
	]
		.sort((a, b) => b.flags - a.flags || a.flaggedSince.localeCompare(b.flaggedSince))
		.slice(0, limit);
	return {
		items,
		total: countFlagged(db, priceReportFeedback, priceReports) + countFlagged(db, gasReportFeedback, gasPriceReports),
	};
}

const countFlagged = (db: Db, f: Feedback, r: Reports) =>
	(db
		.select({ n: sql<number>`count(DISTINCT ${f.reportId})` })
		.from(f)
		.where(isOpenFlag(f))
		.get()?.n ?? 0) +
	(db
		.select({ n: count() })
		.from(r)
		.where(hiddenUnflagged(db, r, f))
		.get()?.n ?? 0);

/** One report of the queue, or undefined when it has no open flags and was not hidden by flags (or does not exist). */
export function flaggedReport(db: Db, kind: FlaggedKind, reportId: number, now = Date.now()): QueueItem | undefined {
	const f = kind === "product" ? priceReportFeedback : gasReportFeedback;
	const [row] = kind === "product" ? productRows(db, 1, reportId) : fuelRows(db, 1, reportId);
	if (!row) return undefined;
	return toQueueItem(kind, row, openFlagsOf(db, f, [reportId], now)(reportId), now);
}

/** Whether the report exists at all (to tell a 404 from "nothing open"). */
export function reportExists(db: Db, kind: FlaggedKind, reportId: number): boolean {
	const r = kind === "product" ? priceReports : gasPriceReports;
	return db.select({ id: r.id }).from(r).where(eq(r.id, reportId)).get() !== undefined;
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
