import type { SizeUnit } from "../../db/enums.ts";
import type { ReportRow } from "../data/report-rows.ts";
import { centsToNumber } from "../lib/money.ts";
import { termsJson } from "../lib/price-terms.ts";
import { productFreshDays, reporterJson, trustJson } from "../reports/index.ts";
import type { StoreReports } from "./store-cards.ts";

export type { FeedbackSummary, MyFeedback } from "../reports/index.ts";

/** What a report's read shape says of it relative to the shopper reading it. */
export type NearShopper = {
	/** Miles from the searching shopper's ZIP to the report's (one decimal); null outside a search. */
	distanceMiles?: number | null;
	/** Within 5% of the product's 90-day low near the shopper (src/reports/good-deal.ts). */
	goodDeal?: boolean;
	/** The store's other live reports of the product, folded into this one (a search's card). */
	storeReports?: StoreReports | null;
};

/**
 * Spec §3 "Price report (read)", plus the fields the result card and the sort selector use, and its trust
 * (reports/trust-shape.ts): `verificationConfidence` is the confidence now, beside when it was last
 * seen, its badges, the feedback counts and the viewer's own word.
 */
export function toReportJson(row: ReportRow, near: NearShopper = {}, now = Date.now()) {
	const trust = trustJson(row, productFreshDays(row.categorySlug), now);
	return {
		id: row.id,
		productName: row.productName,
		price: centsToNumber(row.priceCents),
		description: row.description,
		imageUrl: row.imageUrl,
		createdAt: new Date(row.createdAt).toISOString(),
		updatedAt: new Date(row.updatedAt).toISOString(),
		upvotes: row.upvotes,
		hasUserUpvoted: Boolean(row.hasUserUpvoted),
		// Beyond spec §3: the card shows "Deal Taken" after a reload too, instead of offering a take that is refused.
		hasUserTakenDeal: Boolean(row.hasUserTakenDeal),
		verificationReason: row.verificationReason,
		categoryId: row.categoryId,
		tags: JSON.parse(row.tags) as string[],
		availability: row.availability,
		zipCode: row.zipCode,
		/** Miles from the searching shopper's ZIP to the report's (one decimal); null outside a search. */
		distanceMiles: near.distanceMiles ?? null,
		/** A good deal near the shopper, apart from Best Deal; false where nobody's neighbourhood applies. */
		goodDeal: near.goodDeal ?? false,
		/** A search's card: this store's live reports of the product; null elsewhere. */
		storeReports: near.storeReports ?? null,
		store: { id: row.storeId, name: row.storeName, address: row.storeAddress },
		/** The product's size, when the reporter gave one; only the schema's units are ever written. */
		size:
			row.sizeMilli !== null && row.sizeUnit !== null
				? { quantity: row.sizeMilli / 1000, unit: row.sizeUnit as SizeUnit }
				: null,
		/** The product's barcode as a normalised GTIN (13 digits), when its reporter gave one. */
		barcode: row.barcode,
		...termsJson(row),
		// The reporter as the viewer sees them (reports/reporter.ts): beyond spec §3, `username` is the byline's link
		// to a public profile (null while theirs is private), and others see only the initial of the last name.
		user: reporterJson(row, Boolean(row.isOwnReport)),
		// verificationConfidence (the confidence now) and the rest of the trust fields.
		...trust,
	};
}
export type ReportJson = ReturnType<typeof toReportJson>;

export { termsJson };
