import type { User } from "../../db/schema.ts";
import { publishHits, recordHitsSafely } from "../alerts/matching.ts";
import type { Db } from "../db.ts";
import { badRequest, notFound } from "../lib/http.ts";
import { formatCents } from "../lib/money.ts";
import { normalizeText, placeLookupKey } from "../lib/normalize.ts";
import { locToken } from "../lib/zip.ts";
import { assessProductPrice, checkProductPrice, expireOutliers, productHistory } from "../quality/product-check.ts";
import type { Runtime } from "../runtime.ts";
import { getCategoryWithTagSlugs } from "./categories.ts";
import { REPORT_COLUMNS_SQL, type ReportRow, toReportJson, VIEWER_COLUMNS_SQL } from "./read-shape.ts";
import type { PriceReportInput } from "./schemas.ts";

export const NO_ZIP_MESSAGE = "Set your zip code before reporting a price.";

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

// The report path's statements, compiled once per connection (bun:sqlite caches query() by its text).
const FIND_STORE_SQL = "SELECT id, name, address FROM stores WHERE loc_token = ?1 AND lookup_key = ?2";
const INSERT_STORE_SQL = `INSERT INTO stores (name, address, phone, zip_code, loc_token, lookup_key)
  VALUES ($name, $address, $phone, $zip, $loc, $key) RETURNING id, name, address`;
const VISITED_SQL = "SELECT 1 AS yes FROM price_reports WHERE user_id = ?1 AND store_id = ?2 LIMIT 1";
const INSERT_REPORT_SQL = `
  INSERT INTO price_reports (user_id, store_id, product_name, normalized_name, price_cents, category_id, tags, description,
    availability, vacation_mode, report_zip_code, zip_code, loc_token, image_url, verification_confidence, verification_reason)
  VALUES ($user, $store, $name, $normalized, $price, $category, $tags, $description,
    $availability, $vacation, $reportZip, $zip, $loc, $image, $confidence, $reason)
  RETURNING id, created_at AS createdAt, updated_at AS updatedAt`;
// The shopper's earlier live price for this product at this store: a new one replaces it.
const SUPERSEDE_SQL = `
  UPDATE price_reports SET is_expired = 1, expired_at = $now, expired_reason = $reason, updated_at = $now
  WHERE user_id = $user AND store_id = $store AND normalized_name = $normalized AND category_id = $category
    AND is_active = 1 AND is_expired = 0 AND id <> $id
  RETURNING id, price_cents AS priceCents`;
export const REPLACED_REASON = "Replaced by a newer price from the same shopper";
const COUNT_REPORT_SQL = `UPDATE users SET total_reports = total_reports + 1,
  unique_stores_visited = unique_stores_visited + $firstVisit, updated_at = $now WHERE id = $id`;

type Bindings = Record<string, string | number | null>;

type StoreRow = { id: number; name: string; address: string };

/**
 * The store with this name and address in this zip, however either was typed ("10001-1234" is 10001's);
 * created on first report.
 */
function findOrCreateStore(db: Db, input: PriceReportInput, zip: string): StoreRow {
	const lookupKey = placeLookupKey(input.storeName, input.storeAddress);
	const loc = locToken(zip);
	const existing = db.$client.query<StoreRow, [string, string]>(FIND_STORE_SQL).get(loc, lookupKey);
	if (existing) return existing;
	return db.$client.query<StoreRow, Bindings>(INSERT_STORE_SQL).get({
		name: input.storeName,
		address: input.storeAddress,
		phone: input.storePhone ?? null,
		zip,
		loc,
		key: lookupKey,
	})!;
}

/** What the write needs, as plain data: it may cross to the writer thread (report-writer.ts). */
export type PriceReportJob = {
	user: Pick<User, "id" | "firstName" | "lastName">;
	input: PriceReportInput;
	imageUrl: string | null;
	zip: string;
	category: { slug: string; name: string };
	/** The model's judgement, made before the write; null with the model off (the statistics judge inside). */
	modelVerdict: Awaited<ReturnType<typeof assessProductPrice>> | null;
};

/**
 * Stores a checked report, moves the reporter's counters and records the alert hits it causes, all in one
 * write transaction (shared with the reports that arrived beside it: write-batch.ts), and answers once
 * that has committed; then the hits go to their owners' open streams.
 * `imageUrl` must already be resolved to one of our uploads (or null).
 */
export async function createPriceReport(
	{ db, model, reports, live }: Pick<Runtime, "db" | "model" | "reports" | "live">,
	user: User,
	input: PriceReportInput,
	imageUrl: string | null,
) {
	const zip = input.vacationMode ? input.reportZipCode : user.zipCode;
	if (!zip) throw badRequest(NO_ZIP_MESSAGE);
	const category = getCategoryWithTagSlugs(db, input.categoryId);
	if (!category)
		throw badRequest("Unknown category", { issues: [{ path: "categoryId", message: "Unknown category" }] });
	const unknownTags = input.tags.filter((slug) => !category.tagSlugs.has(slug));
	if (unknownTags.length > 0) {
		throw badRequest(`Unknown tag for ${category.name}: ${unknownTags.join(", ")}`);
	}

	// With the model on, judged before the write transaction: the model may take its time, and no write lock
	// is held meanwhile. With it off, the statistics judge inside the transaction on the history it reads there.
	const modelVerdict = model.off
		? null
		: await assessProductPrice(db, model, productKey(input, zip), category, input.price, input.productName, user.id);
	const job: PriceReportJob = {
		user: { id: user.id, firstName: user.firstName, lastName: user.lastName },
		input,
		imageUrl,
		zip,
		category: { slug: category.slug, name: category.name },
		modelVerdict,
	};
	const { row, expirationAnalysis, hits, replaced } = await reports.write("price", job, () =>
		writePriceReport(db, job),
	);
	publishHits(live, hits);
	// The answer is built from what was just written (the same read shape as getReportJson, without reading
	// it back): a new report has no votes, and its store and reporter are the rows used to write it.
	const report = toReportJson(row);
	const warning = replaced[0] ? replacedWarning(formatCents(replaced[0].priceCents), row.storeName) : undefined;
	return { ...report, ...(expirationAnalysis ? { expirationAnalysis } : {}), ...(warning ? { warning } : {}) };
}

const productKey = (input: PriceReportInput, zip: string) => ({
	normalizedName: normalizeText(input.productName),
	categoryId: input.categoryId,
	zip,
});

/**
 * The report's writes, synchronously, inside the caller's write transaction: quality check on the history
 * read there, store, report, the shopper's earlier price replaced, outliers expired, counters, alert hits.
 */
export function writePriceReport(db: Db, { user, input, imageUrl, zip, category, modelVerdict }: PriceReportJob) {
	const client = db.$client;
	const key = productKey(input, zip);
	const history = productHistory(db, key);
	const verdict = modelVerdict ?? checkProductPrice(history, category, input.price, user.id);
	const store = findOrCreateStore(db, input, zip);
	const firstVisit = !client.query<{ yes: number }, [string, number]>(VISITED_SQL).get(user.id, store.id);
	const row: Omit<ReportRow, "createdAt" | "updatedAt"> = {
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
		zipCode: zip,
		storeId: store.id,
		storeName: store.name,
		storeAddress: store.address,
		firstName: user.firstName,
		lastName: user.lastName,
		hasUserUpvoted: 0,
		hasUserTakenDeal: 0,
	};
	const stored = client.query<{ id: number; createdAt: number; updatedAt: number }, Bindings>(INSERT_REPORT_SQL).get({
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
		zip,
		loc: locToken(zip),
		image: imageUrl,
		confidence: verdict.confidence,
		reason: verdict.reason,
	})!;
	// One current price per shopper, product and store: search shows each shopper's latest price there once,
	// and reporting the same thing again and again cannot fill a page of results.
	const replaced = client.query<{ id: number; priceCents: number }, Bindings>(SUPERSEDE_SQL).all({
		now: Date.now(),
		reason: REPLACED_REASON,
		user: user.id,
		store: store.id,
		normalized: key.normalizedName,
		category: key.categoryId,
		id: stored.id,
	});
	const expirationAnalysis = expireOutliers(db, history, input.price, user.id);
	client.query(COUNT_REPORT_SQL).run({ firstVisit: firstVisit ? 1 : 0, now: Date.now(), id: user.id });
	// In the same transaction as the report (no second commit), on the row as written: a new report is live.
	const hits = recordHitsSafely(db, {
		...row,
		id: stored.id,
		userId: user.id,
		live: 1,
		replaces: replaced.map((r) => r.id),
	});
	return { row: { ...row, ...stored }, expirationAnalysis, hits, replaced };
}

/** One report in the read shape, as `viewerId` sees it. */
export function getReportJson(db: Db, id: number, viewerId: string) {
	const row = db.$client
		.query<ReportRow, { id: number; viewer: string }>(`
      SELECT ${REPORT_COLUMNS_SQL}, ${VIEWER_COLUMNS_SQL}
      FROM price_reports r
      JOIN stores s ON s.id = r.store_id
      JOIN users u ON u.id = r.user_id
      WHERE r.id = $id`)
		.get({ id, viewer: viewerId });
	if (!row) throw notFound("Price report not found");
	return toReportJson(row);
}

/** The answer's warning when a report replaced the shopper's earlier price there (products and fuel). */
export const replacedWarning = (price: string, place: string) =>
	`This replaces your earlier price of ${price} at ${place}.`;
