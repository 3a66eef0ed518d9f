/**
 * A product price report's writes, synchronously, inside the caller's write transaction (the write batch's,
 * on the request thread or the writer thread): the check on the history read there when the model is off,
 * the store, the report, the shopper's earlier price replaced, outliers expired, counters and alert hits.
 */
import type { Availability } from "../../db/enums.ts";
import type { User } from "../../db/schema.ts";
import { recordHitsSafely } from "../alerts/matching.ts";
import type { Db } from "../db.ts";
import { checkPrice, type StoredVerdict } from "./check.ts";
import { expireOutliers, REPLACED_REASON } from "./expiry.ts";
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
};

/** What the write needs, as plain data: it may cross to the writer thread (writer.ts). */
export type PriceReportJob = {
	user: Pick<User, "id" | "firstName" | "lastName">;
	input: PriceReportFields;
	/** Already resolved to one of our uploads, or null. */
	imageUrl: string | null;
	zip: string;
	category: { slug: string; name: string };
	/** The model's judgement, made before the write; null with the model off (the statistics judge inside). */
	modelVerdict: StoredVerdict | null;
};

/**
 * The report's writes; the row as the read shape has it (a new report has no votes, and its store and
 * reporter are the rows used to write it), the expiry analysis, the alert hits to publish once committed,
 * and the shopper's earlier prices it replaced.
 */
export function writePriceReport(db: Db, { user, input, imageUrl, zip, category, modelVerdict }: PriceReportJob) {
	const key = productKey(input, category, zip);
	const history = PRODUCTS.history(db, key);
	const verdict = modelVerdict ?? checkPrice(PRODUCTS, key, history, input.price, user.id);
	// The store where it is (the one of this name and address near the zip, else a new one there); the report
	// counts at the store's place, however near the zip it was reported with.
	const store = findOrCreateStore(db, {
		name: input.storeName,
		address: input.storeAddress,
		phone: input.storePhone ?? null,
		zip,
	});
	const storeZip = store.zipCode ?? zip;
	const firstVisit = !hasReportedAt(db, user.id, store.id);
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
		searchText: searchText({ ...input, categoryName: category.name }),
		image: imageUrl,
		confidence: verdict.confidence,
		reason: verdict.reason,
		unusual: verdict.unusual ? 1 : 0,
	});
	// One current price per shopper, product and store: search shows each shopper's latest price there once,
	// and reporting the same thing again and again cannot fill a page of results.
	const replaced = supersedePriceReports(
		db,
		{ id: stored.id, user: user.id, store: store.id, normalized: key.normalizedName, category: key.categoryId },
		REPLACED_REASON,
		Date.now(),
	);
	const expirationAnalysis = expireOutliers(db, PRODUCTS, history, input.price, user.id);
	countPriceReport(db, user.id, firstVisit, Date.now());
	// In the same transaction as the report (no second commit), on the row as written: a new report is live.
	const hits = recordHitsSafely(db, {
		...row,
		id: stored.id,
		userId: user.id,
		locToken: store.locToken,
		live: 1,
		replaces: replaced.map((r) => r.id),
	});
	return { row: { ...row, ...stored }, expirationAnalysis, hits, replaced, warning: verdict.warning };
}
