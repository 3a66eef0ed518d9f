import type { User } from "../../db/schema.ts";
import { getCategoryWithTagSlugs } from "../data/categories.ts";
import { categoryName } from "../data/price-history.ts";
import { productByGtin } from "../data/products.ts";
import { reportRowById } from "../data/report-rows.ts";
import type { Db } from "../db.ts";
import { badRequest, notFound } from "../lib/http.ts";
import { withTerms } from "../lib/price-terms.ts";
import { type Filing, filedAnswer, fileReportOnce, inBundle, NO_ZIP_MESSAGE, PRODUCTS } from "../reports/index.ts";
import { toReportJson } from "./read-shape.ts";
import type { PriceReportInput } from "./schemas.ts";

/**
 * Checks and stores a price report through the report pipeline (reports/filing.ts); the answer and its
 * status. `imageUrl` must already be resolved to one of our uploads (or null). The same price another
 * shopper reported there within a day is answered as the report it confirmed, with `confirmedExisting` and a
 * message, and the shopper's own same price there within a minute as that report (reports/repeats.ts): both
 * 200, nothing created.
 */
export async function createPriceReport(runtime: Filing, user: User, input: PriceReportInput, imageUrl: string | null) {
	const { db } = runtime;
	// The report counts where the store is: its zip as typed (or as the suggestion chosen had it), else where
	// the shopper is now (the vacation zip, else home).
	const zip = input.storeZipCode ?? (input.vacationMode ? input.reportZipCode : user.zipCode);
	if (!zip) throw badRequest(NO_ZIP_MESSAGE);
	const category = await getCategoryWithTagSlugs(db, input.categoryId);
	if (!category)
		throw badRequest("Unknown category", { issues: [{ path: "categoryId", message: "Unknown category" }] });
	const known = input.barcode ? productByGtin(db, input.barcode) : null;
	if (known && known.categoryId !== input.categoryId) {
		// One product, one category: its prices are one history only if they are all of the same kind.
		const message = `This barcode is listed under ${(await categoryName(db, known.categoryId)) ?? "another category"}: choose that category`;
		throw badRequest(message, { issues: [{ path: "categoryId", message }] });
	}
	const unknownTags = input.tags.filter((slug) => !category.tagSlugs.has(slug));
	if (unknownTags.length > 0) {
		throw badRequest(`Unknown tag for ${category.name}: ${unknownTags.join(", ")}`);
	}
	// `price` becomes the price of one; a multi-buy's bundle is in `terms`, and the check's question is its.
	const priced = withTerms(input);
	const { multiQuantity, multiPriceCents } = priced.terms;
	const bundle =
		multiQuantity !== null && multiPriceCents !== null ? { quantity: multiQuantity, price: multiPriceCents } : null;
	const filed = await fileReportOnce(runtime, PRODUCTS, user, {
		input: {
			...priced,
			imageUrl,
			category: { slug: category.slug, name: category.name, groupSlug: category.groupSlug },
		},
		zip,
	}).catch((error: unknown) => {
		throw inBundle(error, PRODUCTS, bundle);
	});
	return filedAnswer(PRODUCTS, filed, {
		report: (id) => getReportJson(db, id, user.id),
		// Built from what was just written (the same read shape as getReportJson, without reading it back): a
		// new report has no votes, and its store and reporter are the rows used to write it.
		written: ({ answer }) => toReportJson(answer),
		placeName: (report) => report.store.name,
	});
}

/** One report in the read shape, as `viewerId` sees it. */
export function getReportJson(db: Db, id: number, viewerId: string) {
	const row = reportRowById(db, { id, viewer: viewerId });
	if (!row) throw notFound("Price report not found");
	return toReportJson(row);
}
