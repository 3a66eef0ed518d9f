/**
 * The gas page's query keys. Here, below both features, because a change in Settings (the shopper's car, their
 * fuel) asks the station lists again, and web/users must not import web/gas, which imports web/users.
 * Keys by prefix: a new report invalidates everything under `all`; each list is per zip.
 */
export const gasKeys = {
	all: ["gas"] as const,
	stations: ["gas", "stations"] as const,
	summary: ["gas", "summary"] as const,
	reports: ["gas", "reports"] as const,
};
