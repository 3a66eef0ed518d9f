import type { User } from "../../db/schema.ts";
import { deliverHits, type HitOutlets } from "../alerts/index.ts";
import type { Db } from "../db.ts";
import type { ExpirationAnalysis } from "../lib/errors.ts";
import { badRequest, notFound } from "../lib/http.ts";
import {
	assessPrice,
	countingRefusals,
	duplicateMessage,
	joinWarnings,
	NO_ZIP_MESSAGE,
	PRODUCTS,
	type PriceReportJob,
	productKey,
	type ReportKind,
	replacedWarning,
	writePriceReport,
	writePriceReportOnce,
} from "../reports/index.ts";
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
export async function filePriceReport(runtime: Filing, user: User, job: Omit<PriceReportJob, "user" | "modelVerdict">) {
	const written = await checkAndWrite(runtime, user, job, "price", writePriceReport);
	if (!("confirmedExisting" in written)) deliverHits(runtime, written.hits);
	return written;
}

/** filePriceReport for a shopper's own report: the same price of theirs there within a minute is answered as it. */
async function filePriceReportOnce(runtime: Filing, user: User, job: Omit<PriceReportJob, "user" | "modelVerdict">) {
	const written = await checkAndWrite(runtime, user, job, "price-once", writePriceReportOnce);
	if ("hits" in written) deliverHits(runtime, written.hits);
	return written;
}

/** The quality check (the model's part before the write), then `write` in the report writer's transaction. */
async function checkAndWrite<T>(
	{ db, model, reports }: Filing,
	user: User,
	job: Omit<PriceReportJob, "user" | "modelVerdict">,
	kind: ReportKind,
	write: (db: Db, job: PriceReportJob) => T,
): Promise<T> {
	return countingRefusals(db, user.id, async () => {
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
					job.input.confirmUnusual,
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
		return reports.write(kind, full, () => write(db, full));
	});
}

/** The answer's warning when the price replaced the shopper's own earlier one there. */
const replacedNote = (replaced: { priceCents: number }[], storeName: string) =>
	replaced[0] ? replacedWarning(PRODUCTS.format(replaced[0].priceCents), storeName) : null;

/**
 * Checks and stores a price report (filePriceReport); the answer and its status. `imageUrl` must already be
 * resolved to one of our uploads (or null). The same price another shopper reported there within a day is
 * answered as the report it confirmed, with `confirmedExisting` and a message, and the shopper's own same
 * price there within a minute as that report (repeats.ts): both 200, nothing created.
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
	const written = await filePriceReportOnce(runtime, user, {
		input,
		imageUrl,
		zip,
		category: { slug: category.slug, name: category.name, groupSlug: category.groupSlug },
	});
	// Their own report of a moment ago, as it stands: the same answer as the first time, nothing new filed.
	if ("repeatOf" in written) return { status: 200 as const, body: filed(getReportJson(db, written.repeatOf, user.id)) };
	if ("confirmedExisting" in written) {
		const report = getReportJson(db, written.confirmedExisting.id, user.id);
		const warning = replacedNote(written.replaced, report.store.name);
		const body = {
			...report,
			confirmedExisting: true as const,
			message: duplicateMessage(written.confirmedExisting),
			...(warning ? { warning } : {}),
		};
		return { status: 200 as const, body };
	}
	const { row, expirationAnalysis, replaced } = written;
	// The answer is built from what was just written (the same read shape as getReportJson, without reading
	// it back): a new report has no votes, and its store and reporter are the rows used to write it.
	const report = toReportJson(row);
	const warning = joinWarnings(written.warning, replacedNote(replaced, row.storeName));
	return { status: 201 as const, body: filed(report, expirationAnalysis, warning) };
}

/** A filed report's answer: the report, the outliers it expired and its warnings, when there are any. */
const filed = <R>(report: R, expirationAnalysis?: ExpirationAnalysis | null, warning?: string) => ({
	...report,
	...(expirationAnalysis ? { expirationAnalysis } : {}),
	...(warning ? { warning } : {}),
});

/** One report in the read shape, as `viewerId` sees it. */
export function getReportJson(db: Db, id: number, viewerId: string) {
	const row = reportRowById(db, { id, viewer: viewerId });
	if (!row) throw notFound("Price report not found");
	return toReportJson(row);
}
