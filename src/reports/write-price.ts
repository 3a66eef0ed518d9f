/**
 * A product price report's writes, synchronously, inside the caller's write transaction (the write batch's,
 * on the request thread or the writer thread): the check on the history read there when the model is off,
 * the store, the report, the shopper's earlier price replaced, outliers expired, counters and alert hits.
 * The same price another shopper reported there within a day is counted as their confirmation instead
 * (duplicates.ts); a shopper's "the price changed" retires the report it was about in the same transaction.
 */
import type { Availability, SizeUnit } from "../../db/enums.ts";
import type { User } from "../../db/schema.ts";
import { recordHitsSafely } from "../alerts/index.ts";
import type { Db } from "../db.ts";
import { DAY_MS } from "../lib/time.ts";
import { checkPrice, type StoredVerdict } from "./check.ts";
import { type StandingReport, standingPriceReport } from "./duplicates.ts";
import { expireOutliers, REPLACED_REASON } from "./expiry.ts";
import { confirmReport, type ReportChange, retireChangedReport } from "./feedback-rows.ts";
import { PRODUCTS, productKey } from "./markets.ts";
import { findOrCreateStore } from "./places.ts";
import { countPriceReport, hasReportedAt, insertPriceReport, supersedePriceReports } from "./reports.sql.ts";
import { searchText } from "./search-text.ts";
import { NEW_REPORT_TRUST } from "./trust-shape.ts";

/** The validated report's fields the write stores (deals/schemas.ts, PriceReportSchema's output). */
export type PriceReportFields = {
	productName: string;
	price: number;
	categoryId: number;
	tags: string[];
	description: string | null;
	storeName: string;
	storeAddress: string;
	storePhone: string | null;
	availability: Availability;
	vacationMode: boolean;
	reportZipCode: string | null;
	/** The product's size, when the shopper gave one (a changed price keeps the report's). */
	size?: { quantity: number; unit: SizeUnit } | null;
	/** The reporter answered the check's question: a doubtful price is saved as unusual (check.ts). */
	confirmUnusual?: boolean;
};

/** What the write needs, as plain data: it may cross to the writer thread (writer.ts). */
export type PriceReportJob = {
	user: Pick<User, "id" | "firstName" | "lastName" | "username" | "profileVisible">;
	input: PriceReportFields;
	/** Already resolved to one of our uploads, or null. */
	imageUrl: string | null;
	zip: string;
	category: { slug: string; name: string; groupSlug: string | null };
	/** The model's judgement, made before the write; null with the model off (the statistics judge inside). */
	modelVerdict: StoredVerdict | null;
	/** A "changed" word on another shopper's report of this product here, which this price replaces. */
	change?: ReportChange | null;
	/** An open-data import's price (decision 0070): see `importedWrite`. */
	imported?: ImportedPrice | null;
};

/** An imported price: when its source saw it (ms). */
export type ImportedPrice = { seenAt: number };

/**
 * What an import's price does differently. It is the source's own report, never a confirmation of a
 * shopper's standing one (a source is not a shopper seeing the price today, and a confirmation would leave
 * the import nothing to recognize on its next run); and it alerts nobody when it was seen over a day ago.
 */
export const importedWrite = (imported: ImportedPrice | null | undefined, now: number) => ({
	confirms: !imported,
	alerts: !imported || imported.seenAt >= now - DAY_MS,
});

/** The same price was already standing there: the reporter's price became its confirmation. */
export type ConfirmedExisting = {
	confirmedExisting: StandingReport;
	/** The reporter's own earlier prices there, which their word replaced. */
	replaced: { id: number; priceCents: number }[];
};

/**
 * The report's writes; the row as the read shape has it (a new report has no votes, and its store and
 * reporter are the rows used to write it), the expiry analysis, the alert hits to publish once committed,
 * and the shopper's earlier prices it replaced. Or, for a price already standing there, the confirmation.
 */
export function writePriceReport(db: Db, job: PriceReportJob) {
	const { user, input, imageUrl, zip, category, modelVerdict, change } = job;
	const key = productKey(input, category, zip);
	// A report said to have changed is no longer a voice of the price it is replaced by.
	const history = PRODUCTS.history(db, key).filter((h) => h.id !== change?.reportId);
	const verdict = modelVerdict ?? checkPrice(PRODUCTS, key, history, input.price, user.id, input.confirmUnusual);
	// The store where it is (the one of this name and address near the zip, else a new one there); the report
	// counts at the store's place, however near the zip it was reported with.
	const store = findOrCreateStore(db, {
		name: input.storeName,
		address: input.storeAddress,
		phone: input.storePhone ?? null,
		zip,
	});
	const storeZip = store.zipCode ?? zip;
	const now = Date.now();
	const writes = importedWrite(job.imported, now);
	const standing =
		writes.confirms &&
		standingPriceReport(
			db,
			{
				name: key.normalizedName,
				category: key.categoryId,
				loc: store.locToken,
				store: store.id,
				price: input.price,
				user: user.id,
			},
			now,
		);
	if (standing) return confirmStanding(db, job, { store: store.id, normalized: key.normalizedName }, standing, now);
	const firstVisit = !hasReportedAt(db, user.id, store.id);
	// Thousandths, as stored: the schema let through at most three decimals.
	const size = input.size ? { milli: Math.round(input.size.quantity * 1000), unit: input.size.unit } : null;
	const row = {
		id: 0,
		productName: input.productName,
		priceCents: input.price,
		description: input.description ?? null,
		imageUrl,
		upvotes: 0,
		verificationConfidence: verdict.confidence,
		verificationReason: verdict.reason,
		categoryId: input.categoryId,
		tags: JSON.stringify(input.tags),
		availability: input.availability,
		zipCode: storeZip,
		storeId: store.id,
		storeName: store.name,
		storeAddress: store.address,
		firstName: user.firstName,
		lastName: user.lastName,
		reporterUsername: user.profileVisible ? user.username : null,
		sizeMilli: size?.milli ?? null,
		sizeUnit: size?.unit ?? null,
		hasUserUpvoted: 0,
		hasUserTakenDeal: 0,
		categorySlug: category.slug,
		isUnusual: verdict.unusual ? 1 : 0,
		...NEW_REPORT_TRUST,
		isOwnReport: 1,
	};
	const stored = insertPriceReport(db, {
		user: user.id,
		store: store.id,
		name: row.productName,
		normalized: key.normalizedName,
		price: row.priceCents,
		category: row.categoryId,
		tags: row.tags,
		description: row.description,
		availability: row.availability,
		vacation: input.vacationMode ? 1 : 0,
		reportZip: input.vacationMode ? (input.reportZipCode ?? null) : null,
		zip: storeZip,
		loc: store.locToken,
		searchText: searchText({
			...input,
			categoryName: category.name,
			categorySlug: category.slug,
			groupSlug: category.groupSlug,
		}),
		image: imageUrl,
		confidence: verdict.confidence,
		reason: verdict.reason,
		unusual: verdict.unusual ? 1 : 0,
		sizeMilli: row.sizeMilli,
		sizeUnit: row.sizeUnit,
	});
	// One current price per shopper, product and store: search shows each shopper's latest price there once,
	// and reporting the same thing again and again cannot fill a page of results.
	const replaced = supersedePriceReports(
		db,
		{ id: stored.id, user: user.id, store: store.id, normalized: key.normalizedName, category: key.categoryId },
		REPLACED_REASON,
		now,
	);
	if (change) retireChangedReport(db, PRODUCTS.table, change, user.id, stored.id, now);
	const expirationAnalysis = expireOutliers(db, PRODUCTS, history, input.price, user.id, now);
	countPriceReport(db, user.id, firstVisit, now);
	// In the same transaction as the report (no second commit), on the row as written: a new report is live.
	const hits = writes.alerts
		? recordHitsSafely(db, {
				...row,
				id: stored.id,
				userId: user.id,
				locToken: store.locToken,
				live: 1,
				replaces: replaced.map((r) => r.id),
			})
		: [];
	return { row: { ...row, ...stored }, expirationAnalysis, hits, replaced, warning: verdict.warning };
}

/**
 * The reporter's price was already standing there (another shopper's, seen within the window): it becomes
 * their confirmation of it, and replaces their own earlier price there as a report would. Not a report: no
 * counters move and no alert fires (the standing report did that).
 */
function confirmStanding(
	db: Db,
	{ user, input, change }: PriceReportJob,
	place: { store: number; normalized: string },
	standing: StandingReport,
	now: number,
): ConfirmedExisting {
	const replaced = supersedePriceReports(
		db,
		{ id: standing.id, user: user.id, store: place.store, normalized: place.normalized, category: input.categoryId },
		REPLACED_REASON,
		now,
	);
	confirmReport(db, PRODUCTS.table, standing.id, user.id, now);
	if (change) retireChangedReport(db, PRODUCTS.table, change, user.id, standing.id, now);
	return { confirmedExisting: standing, replaced };
}
