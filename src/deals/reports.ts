import type { User } from "../../db/schema.ts";
import { deliverHits, type HitOutlets } from "../alerts/delivery.ts";
import type { Db } from "../db.ts";
import { badRequest, notFound } from "../lib/http.ts";
import { assessPrice } from "../reports/check.ts";
import { duplicateMessage } from "../reports/duplicates.ts";
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

/** Who files a price, and what the runtime lends the filing. */
type Filing = Pick<Runtime, "db" | "model" | "reports"> & HitOutlets;

/**
 * Checks and stores a price (a report, or a "changed" word's new price): the quality check, then in one
 * write transaction (shared with the reports that arrived beside it: reports/write-batch.ts) the report, the
 * reporter's counters and the alert hits it causes, or the confirmation of the same price standing there.
 * Answers once that has committed; then the hits go to their owners' open streams and devices.
 */
export async function filePriceReport(
	{ db, model, reports, live, push }: Filing,
	user: User,
	job: Omit<PriceReportJob, "user" | "modelVerdict">,
) {
	const written = await countingRefusals(db, user.id, async () => {
		// With the model on, judged before the write transaction: the model may take its time, and no write lock
		// is held meanwhile. With it off, the statistics judge inside the transaction on the history it reads there.
		const modelVerdict = model.off
			? null
			: await assessPrice(
					db,
					model,
					PRODUCTS,
					productKey(job.input, job.category, job.zip),
					job.input.price,
					user.id,
					job.change?.reportId,
				);
		const full: PriceReportJob = {
			...job,
			user: {
				id: user.id,
				firstName: user.firstName,
				lastName: user.lastName,
				username: user.username,
				profileVisible: user.profileVisible,
			},
			modelVerdict,
		};
		return reports.write("price", full, () => writePriceReport(db, full));
	});
	if (!("confirmedExisting" in written)) deliverHits({ live, push }, written.hits);
	return written;
}

/** The answer's warning when the price replaced the shopper's own earlier one there. */
const replacedNote = (replaced: { priceCents: number }[], storeName: string) =>
	replaced[0] ? replacedWarning(PRODUCTS.format(replaced[0].priceCents), storeName) : null;

/**
 * Checks and stores a price report (filePriceReport). `imageUrl` must already be resolved to one of our
 * uploads (or null). The same price another shopper reported there within a day is answered as the report
 * it confirmed, with `confirmedExisting` and a message (the route answers it 200, not 201).
 */
export async function createPriceReport(runtime: Filing, user: User, input: PriceReportInput, imageUrl: string | null) {
	const { db } = runtime;
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
	const written = await filePriceReport(runtime, user, {
		input,
		imageUrl,
		zip,
		category: { slug: category.slug, name: category.name, groupSlug: category.groupSlug },
	});
	if ("confirmedExisting" in written) {
		const report = getReportJson(db, written.confirmedExisting.id, user.id);
		const warning = replacedNote(written.replaced, report.store.name);
		return {
			...report,
			confirmedExisting: true as const,
			message: duplicateMessage(written.confirmedExisting),
			...(warning ? { warning } : {}),
		};
	}
	const { row, expirationAnalysis, replaced } = written;
	// The answer is built from what was just written (the same read shape as getReportJson, without reading
	// it back): a new report has no votes, and its store and reporter are the rows used to write it.
	const report = toReportJson(row);
	const warning = joinWarnings(written.warning, replacedNote(replaced, row.storeName));
	return { ...report, ...(expirationAnalysis ? { expirationAnalysis } : {}), ...(warning ? { warning } : {}) };
}

/** One report in the read shape, as `viewerId` sees it. */
export function getReportJson(db: Db, id: number, viewerId: string) {
	const row = reportRowById(db, { id, viewer: viewerId });
	if (!row) throw notFound("Price report not found");
	return toReportJson(row);
}
