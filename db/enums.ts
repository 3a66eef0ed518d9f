/** Value lists shared by the schema, the server's validation and the web forms (no Drizzle in here, so the web bundle stays small). */
export const FUEL_TYPES = ["regular", "premium", "diesel", "e85", "electric"] as const;
export type FuelType = (typeof FUEL_TYPES)[number];
export const AVAILABILITIES = ["in-stock", "limited", "out-of-stock", "unknown"] as const;
export type Availability = (typeof AVAILABILITIES)[number];
