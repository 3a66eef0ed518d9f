/**
 * A shopper's correction of a barcode's product (decision 0091): the name shoppers give most names the product
 * and the first size given sizes it, until someone who reported it writes them right, with its brand; theirs
 * then stands until another correction.
 */
import { correctProduct, hasReportedProduct, productByGtin } from "../data/products.ts";
import type { Db } from "../db.ts";
import { normalizeGtin } from "../lib/gtin.ts";
import { badRequest, forbidden, notFound } from "../lib/http.ts";
import type { ProductDetailsInput } from "./schemas.ts";

export const NOT_A_REPORTER_MESSAGE = "Only a shopper who has reported this product can correct it";
export const noProductMessage = (gtin: string) => `No product has the barcode ${gtin} yet`;

/** The path's barcode as a GTIN; one that does not add up is refused naming its check digit. */
export function barcodeParam(raw: string): string {
	const answer = normalizeGtin(decodeURIComponent(raw));
	if ("error" in answer) throw badRequest(answer.error, { issues: [{ path: "barcode", message: answer.error }] });
	return answer.gtin;
}

export function correctDetails(db: Db, gtin: string, details: ProductDetailsInput, userId: string) {
	if (!productByGtin(db, gtin)) throw notFound(noProductMessage(gtin));
	if (!hasReportedProduct(db, userId, gtin)) throw forbidden(NOT_A_REPORTER_MESSAGE);
	correctProduct(db, gtin, details, userId);
	return { barcode: gtin, ...details };
}
