/** What the fuel report's failure says, in the dialog and its toast (spec §8). */
import { CHECK_CONNECTION, failureStatus, failureText, rejectionOf } from "../api/failure.ts";
import { type FuelType, formatFuelPrice } from "./fuel.ts";

/** Spec §8: the server's message; for a refused price (422) then its reason and, when known, the usual range. */
export function reportFailureText(error: unknown, fuel: FuelType) {
	const status = failureStatus(error);
	if (status === null) return CHECK_CONNECTION;
	const rejected = rejectionOf(error);
	if (rejected) {
		const { suggestedRange: typical, reason, suggestedPrice } = rejected;
		const range = typical
			? ` Typical prices range from ${formatFuelPrice(typical.min, fuel)} to ${formatFuelPrice(typical.max, fuel)}.`
			: "";
		const message = /[.!?]$/.test(rejected.message) ? rejected.message : `${rejected.message}.`;
		const meant = suggestedPrice === null ? "" : ` Did you mean ${formatFuelPrice(suggestedPrice, fuel)}?`;
		return `${message}${reason ? ` ${reason}` : ""}${range}${meant}`;
	}
	return status < 500 ? failureText(error) : "Something went wrong on our side. Please try again.";
}
