import { gtinKey } from "./gtin.ts";

/** Lower-cased with runs of white space folded: how names typed by different people are matched. */
export const normalizeText = (text: string) => text.toLowerCase().replace(/\s+/g, " ").trim();

/** The key that finds a store or station "however it is typed": name and address, case and spacing aside. */
export const placeLookupKey = (name: string, address: string) => `${normalizeText(name)}|${normalizeText(address)}`;

/**
 * The key of "the same product" (price_reports.normalized_name): a barcode's, whatever the name (decision 0089),
 * else the name normalised.
 */
export const productKeyName = (product: { productName: string; barcode?: string | null }) =>
	product.barcode ? gtinKey(product.barcode) : normalizeText(product.productName);
