import { centsToNumber } from "../lib/money.ts";
import type { ReportRow } from "./deals.sql.ts";

/** Spec §3 "Price report (read)", plus the fields the result card and the sort selector use. */
export function toReportJson(row: ReportRow, distanceMiles: number | null = null) {
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
		verificationConfidence: row.verificationConfidence,
		verificationReason: row.verificationReason,
		categoryId: row.categoryId,
		tags: JSON.parse(row.tags) as string[],
		availability: row.availability,
		zipCode: row.zipCode,
		/** Miles from the searching shopper's ZIP to the report's (one decimal); null outside a search. */
		distanceMiles,
		store: { id: row.storeId, name: row.storeName, address: row.storeAddress },
		user: { firstName: row.firstName, lastName: row.lastName },
	};
}
export type ReportJson = ReturnType<typeof toReportJson>;
