/**
 * An edit's fields over the alert's current ones, as the input a new alert is made from. Each field sent was
 * checked alone by PriceAlertPatchSchema; what only the whole alert can tell (a fuel alert needs a target, a
 * product alert a name) is checked here, with the messages creation gives.
 */
import type { AlertScope, FuelType } from "../../db/enums.ts";
import { badRequest } from "../lib/http.ts";
import { ANY_PRICE_CENTS, type PriceAlertInput, type PriceAlertPatch } from "./schemas.ts";

type Current = {
	productName: string;
	categoryId: number | null;
	targetPriceCents: number;
	zipCode: string | null;
	scope: AlertScope;
	fuelType: FuelType | null;
};

const fieldError = (path: string, message: string) => badRequest(message, { issues: [{ path, message }] });

export function mergePatch(current: Current, patch: PriceAlertPatch): PriceAlertInput {
	const fuelType = patch.fuelType === undefined ? current.fuelType : patch.fuelType;
	const targetPrice =
		patch.targetPrice === undefined ? current.targetPriceCents : (patch.targetPrice ?? ANY_PRICE_CENTS);
	const where = {
		// null: the user's own zip, as at creation.
		zipCode: patch.zipCode === undefined ? current.zipCode : patch.zipCode,
		scope: patch.scope ?? current.scope,
	};
	if (fuelType !== null) {
		if (targetPrice === ANY_PRICE_CENTS) throw fieldError("targetPrice", "Target price is required");
		return { fuelType, targetPrice, ...where };
	}
	// A fuel alert's name is its fuel's: one turned into a product alert is named anew.
	const wasProduct = current.fuelType === null;
	const productName = patch.productName ?? (wasProduct ? current.productName : undefined);
	if (productName === undefined) throw fieldError("productName", "Product name is required");
	const categoryId = patch.categoryId !== undefined ? patch.categoryId : wasProduct ? current.categoryId : null;
	return { fuelType: null, productName, categoryId, targetPrice, ...where };
}
