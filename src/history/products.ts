/** A product's price history near a shopper (issue 41). */
import type { Db } from "../db.ts";
import type { ProductHistoryQuery } from "./schemas.ts";
import type { ProductHistory } from "./shapes.ts";

/** The product's history near `zip` over the window, as `viewerId` sees it. */
export function productHistory(
	_db: Db,
	_query: ProductHistoryQuery & { zipCode: string },
	_viewerId: string,
): ProductHistory {
	throw new Error("not built yet");
}
