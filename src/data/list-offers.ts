/**
 * What a list's plan is priced from: each store's current offers of a product near the shopper (its latest live,
 * trustworthy price there of each price type, in stock), with what the plan needs of them: the type's terms,
 * size, age and trust.
 */
import type { PriceType, SizeUnit } from "../../db/enums.ts";
import type { Db } from "../db.ts";
import { trustworthySql } from "./report-columns.ts";

type Bindings = Record<string, string | number | null>;

export type OfferRow = {
	reportId: number;
	storeId: number;
	priceCents: number;
	createdAt: number;
	confirmedAt: number | null;
	sizeMilli: number | null;
	sizeUnit: SizeUnit | null;
	confidence: number | null;
	confirmations: number;
	priceType: PriceType;
	saleEnds: string | null;
	multiQuantity: number | null;
	multiPriceCents: number | null;
};

// Each store's latest live, trustworthy price of the product of each type, read from price_reports_offer_idx
// alone: one range per place, grouped in the index's own order (a store is at one place, so grouping by the
// place as well changes nothing but spares a sort), and SQLite answers the bare columns beside max() from the
// row holding the max.
const OFFERS_SQL = `
  SELECT * FROM (
    SELECT r.id AS reportId, r.store_id AS storeId, r.price_cents AS priceCents, max(r.created_at) AS createdAt,
      r.confirmed_at AS confirmedAt, r.size_milli AS sizeMilli, r.size_unit AS sizeUnit,
      r.verification_confidence AS confidence, r.confirm_count AS confirmations, r.price_type AS priceType,
      r.sale_ends AS saleEnds, r.multi_quantity AS multiQuantity, r.multi_price_cents AS multiPriceCents,
      r.availability AS availability, r.unavailable_at AS unavailableAt
    FROM price_reports r INDEXED BY price_reports_offer_idx
    WHERE r.normalized_name = $name AND r.category_id = $category
      AND r.loc_token IN (SELECT value FROM json_each($places)) AND r.is_expired = 0 AND ${trustworthySql("r")}
    GROUP BY r.loc_token, r.store_id, r.price_type
  )
  WHERE availability <> 'out-of-stock' AND NOT (unavailableAt IS NOT NULL AND unavailableAt > coalesce(confirmedAt, 0))`;

/** Each store's offers of the product (normalised name and category) at some places (JSON). */
export function storeOffers(db: Db, bindings: { name: string; category: number; places: string }): OfferRow[] {
	return db.$client.query<OfferRow, Bindings>(OFFERS_SQL).all(bindings);
}

export type PlanStoreRow = { id: number; name: string; address: string; locToken: string };

/** The stores of some ids (JSON), with their places. */
export function planStores(db: Db, ids: string): PlanStoreRow[] {
	return db.$client
		.query<PlanStoreRow, Bindings>(
			"SELECT id, name, address, loc_token AS locToken FROM stores WHERE id IN (SELECT value FROM json_each($ids))",
		)
		.all({ ids });
}
