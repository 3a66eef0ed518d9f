import type { User } from "../../db/schema.ts";
import { deliverHits, type HitOutlets } from "../alerts/delivery.ts";
import type { Db } from "../db.ts";
import { badRequest, notFound } from "../lib/http.ts";
import { assessPrice } from "../reports/check.ts";
import { replacedWarning } from "../reports/expiry.ts";
import { PRODUCTS, productKey } from "../reports/markets.ts";
import { countingRefusals, joinWarnings } from "../reports/refusals.ts";
import { NO_ZIP_MESSAGE } from "../reports/schemas.ts";
import { type PriceReportJob, writePriceReport } from "../reports/write-price.ts";
import type { Runtime } from "../runtime.ts";
import { getCategoryWithTagSlugs } from "./categories.ts";
import { reportRowById } from "./deals.sql.ts";
import { toReportJson } from "./read-shape.ts";
import type { PriceReportInput } from "./schemas.ts";

/**
 * Checks and stores a price report, moves the reporter's counters and records the alert hits it causes, all
 * in one write transaction (shared with the reports that arrived beside it: reports/write-batch.ts), and
 * answers once that has committed; then the hits go to their owners' open streams and devices.
 * `imageUrl` must already be resolved to one of our uploads (or null).
 */
export async function createPriceReport(
	{ db, model, reports, live, push }: Pick<Runtime, "db" | "model" | "reports"> & HitOutlets,
	user: User,
	input: PriceReportInput,
	imageUrl: string | null,
) {
	// The report counts where the store is: its zip as typed (or as the suggestion chosen had it), else where
	// the shopper is now (the vacation zip, else home).
	const zip = input.storeZipCode ?? (input.vacationMode ? input.reportZipCode : user.zipCode);
	if (!zip) throw badRequest(NO_ZIP_MESSAGE);
	const category = getCategoryWithTagSlugs(db, input.categoryId);
	if (!category)
		throw badRequest("Unknown category", { issues: [{ path: "categoryId", message: "Unknown category" }] });
	const unknownTags = input.tags.filter((slug) => !category.tagSlugs.has(slug));
	if (unknownTags.length > 0) {
		throw badRequest(`Unknown tag for ${category.name}: ${unknownTags.join(", ")}`);
	}

	const written = await countingRefusals(db, user.id, async () => {
		// With the model on, judged before the write transaction: the model may take its time, and no write lock
		// is held meanwhile. With it off, the statistics judge inside the transaction on the history it reads there.
		const modelVerdict = model.off
			? null
			: await assessPrice(db, model, PRODUCTS, productKey(input, category, zip), input.price, user.id);
		const job: PriceReportJob = {
			user: { id: user.id, firstName: user.firstName, lastName: user.lastName },
			input,
			imageUrl,
			zip,
			category: { slug: category.slug, name: category.name },
			modelVerdict,
		};
		return reports.write("price", job, () => writePriceReport(db, job));
	});
	const { row, expirationAnalysis, hits, replaced } = written;
	deliverHits({ live, push }, hits);
	// The answer is built from what was just written (the same read shape as getReportJson, without reading
	// it back): a new report has no votes, and its store and reporter are the rows used to write it.
	const report = toReportJson(row);
	const warning = joinWarnings(
		written.warning,
		replaced[0] ? replacedWarning(PRODUCTS.format(replaced[0].priceCents), row.storeName) : null,
	);
	return { ...report, ...(expirationAnalysis ? { expirationAnalysis } : {}), ...(warning ? { warning } : {}) };
}

/** One report in the read shape, as `viewerId` sees it. */
export function getReportJson(db: Db, id: number, viewerId: string) {
	const row = reportRowById(db, { id, viewer: viewerId });
	if (!row) throw notFound("Price report not found");
	return toReportJson(row);
}
