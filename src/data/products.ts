/** Products known by their barcode (decisions 0090, 0091): what a code is, and a shopper's correction of it. */
import type { SizeUnit } from "../../db/enums.ts";
import type { Db } from "../db.ts";
import type { Bindings } from "./reports.ts";

export type ProductRecord = {
	name: string;
	categoryId: number;
	brand: string | null;
	size: { quantity: number; unit: SizeUnit } | null;
};

/** A product known by its barcode: its name, category, brand and size; null for a code no report has carried. */
export function productByGtin(db: Db, gtin: string): ProductRecord | null {
	const row = db.$client
		.query<Omit<ProductRecord, "size"> & { sizeMilli: number | null; sizeUnit: SizeUnit | null }, [string]>(
			`SELECT name, category_id AS categoryId, brand, size_milli AS sizeMilli, size_unit AS sizeUnit
       FROM products WHERE gtin = ?1`,
		)
		.get(gtin);
	if (!row) return null;
	const { sizeMilli, sizeUnit, ...rest } = row;
	return {
		...rest,
		size: sizeMilli !== null && sizeUnit !== null ? { quantity: sizeMilli / 1000, unit: sizeUnit } : null,
	};
}

/** Whether the shopper has reported the product of this code (only they may correct its name). */
export function hasReportedProduct(db: Db, userId: string, gtin: string): boolean {
	return Boolean(
		db.$client
			.query<{ yes: 1 }, [string, string]>(
				"SELECT 1 AS yes FROM price_reports WHERE barcode = ?2 AND user_id = ?1 LIMIT 1",
			)
			.get(userId, gtin),
	);
}

/** A shopper's correction of the product's name, brand and size: it stands until another shopper corrects it. */
export function correctProduct(
	db: Db,
	gtin: string,
	details: Pick<ProductRecord, "name" | "brand" | "size">,
	userId: string,
	now = Date.now(),
) {
	db.$client
		.query<never, Bindings>(
			`UPDATE products SET name = $name, brand = $brand, size_milli = $sizeMilli, size_unit = $sizeUnit,
         corrected_by = $user, corrected_at = $now, updated_at = $now
       WHERE gtin = $gtin`,
		)
		.run({
			gtin,
			name: details.name,
			brand: details.brand,
			sizeMilli: details.size ? Math.round(details.size.quantity * 1000) : null,
			sizeUnit: details.size?.unit ?? null,
			user: userId,
			now,
		});
}
