/** What the fuel report's toast says once it is filed (spec §8): the price, or the price it confirmed. */
import { formatCurrency } from "../components/format.ts";
import { TOAST_MS } from "../state/toast.ts";
import { FUEL_LABEL, fuelPriceText } from "./fuel.ts";
import type { useReportGasPrice } from "./queries.ts";

type Saved = NonNullable<ReturnType<typeof useReportGasPrice>["data"]>;

export function reportedToast(saved: Saved) {
	// The same price another shopper reported there today: nothing new was listed, theirs was confirmed.
	if ("confirmedExisting" in saved) {
		const description = [saved.message, "warning" in saved ? saved.warning : null].filter(Boolean).join(" ");
		return { title: "Price confirmed", description, durationMs: TOAST_MS.success };
	}
	const expired = "expirationAnalysis" in saved ? saved.expirationAnalysis : null;
	const lines = [
		`${FUEL_LABEL[saved.fuelType]} at ${saved.stationName}: ${fuelPriceText(saved.price, saved.fuelType)}.`,
	];
	if (saved.defPrice !== null) lines.push(`DEF ${formatCurrency(saved.defPrice)}/gal.`);
	lines.push("Thanks for sharing!");
	if ("warning" in saved && saved.warning) lines.push(saved.warning);
	if (expired && expired.expiredCount > 0) lines.push(expired.message);
	return {
		title: "Price reported",
		description: lines.join(" "),
		durationMs: expired && expired.expiredCount > 0 ? TOAST_MS.expiry : TOAST_MS.success,
	};
}
