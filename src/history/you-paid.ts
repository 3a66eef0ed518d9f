/** "You paid $X last time" (issue 41): the shopper's own last price of a product. */
import type { Db } from "../db.ts";
import type { YouPaid } from "./shapes.ts";

/** The shopper's last report or deal taken of the product, against the typical price near `zip` now. */
export function youPaid(
	_db: Db,
	_userId: string,
	_product: { productName: string; categoryId: number; zipCode: string | null },
): YouPaid | null {
	throw new Error("not built yet");
}
