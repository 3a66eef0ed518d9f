import { centsToNumber } from "../lib/money.ts";

/** One row as the search and report queries select it. */
export type ReportRow = {
	id: number;
	productName: string;
	priceCents: number;
	description: string | null;
	imageUrl: string | null;
	createdAt: number;
	updatedAt: number;
	upvotes: number;
	verificationConfidence: number | null;
	verificationReason: string | null;
	categoryId: number;
	tags: string;
	availability: string;
	zipCode: string;
	storeId: number;
	storeName: string;
	storeAddress: string;
	firstName: string | null;
	lastName: string | null;
	hasUserUpvoted: number;
	hasUserTakenDeal: number;
};

/** The columns of a ReportRow; `r`, `s` and `u` are the report, store and reporter aliases. */
export const REPORT_COLUMNS_SQL = `
  r.id AS id, r.product_name AS productName, r.price_cents AS priceCents, r.description AS description,
  r.image_url AS imageUrl, r.created_at AS createdAt, r.updated_at AS updatedAt, r.upvotes AS upvotes,
  r.verification_confidence AS verificationConfidence, r.verification_reason AS verificationReason, r.category_id AS categoryId, r.tags AS tags,
  r.availability AS availability, r.zip_code AS zipCode,
  s.id AS storeId, s.name AS storeName, s.address AS storeAddress,
  u.first_name AS firstName, u.last_name AS lastName`;

/** What the viewer ($viewer) did with report `r`: upvoted it, took its deal. Each one unique-index probe. */
export const VIEWER_COLUMNS_SQL = `
  EXISTS (SELECT 1 FROM user_upvotes v WHERE v.price_report_id = r.id AND v.user_id = $viewer) AS hasUserUpvoted,
  EXISTS (SELECT 1 FROM deal_takes t WHERE t.user_id = $viewer AND t.price_report_id = r.id) AS hasUserTakenDeal`;

/** Spec §3 "Price report (read)", plus the fields the result card and the sort selector use. */
export function toReportJson(row: ReportRow, distance: number | null = null) {
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
		distance: distance === null || !Number.isFinite(distance) ? null : distance,
		store: { id: row.storeId, name: row.storeName, address: row.storeAddress },
		user: { firstName: row.firstName, lastName: row.lastName },
	};
}
export type ReportJson = ReturnType<typeof toReportJson>;
