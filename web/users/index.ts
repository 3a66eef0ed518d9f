/** The users feature's front door: a link to a reporter's profile, and the fuel preference. */
export { FUEL_FAILED, useUpdateFuelPreference } from "./queries.ts";
export { ReporterLink } from "./ReporterLink.tsx";
