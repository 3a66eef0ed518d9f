import type { GasReportInput } from "../../src/gas/schemas.ts";
import type { GasReportSubmission } from "./queries.ts";

/** The checked form back to the decimals the API takes (the shared schema's exact units); optional fields only when given. */
export const gasSubmission = (input: GasReportInput): GasReportSubmission => ({
	stationName: input.stationName,
	stationAddress: input.stationAddress,
	...(input.stationZipCode ? { stationZipCode: input.stationZipCode } : {}),
	fuelType: input.fuelType,
	price: input.price / 1000,
	...(input.defPrice !== null ? { defPrice: input.defPrice / 100 } : {}),
	...(input.payment ? { payment: input.payment } : {}),
	vacationMode: input.vacationMode,
	// Spec §7's body always has it, as the price form's does: null unless on vacation.
	reportZipCode: input.vacationMode ? input.reportZipCode : null,
});
