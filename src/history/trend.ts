/** The Gas page's area trend (issue 41). */
import type { FuelType } from "../../db/enums.ts";
import type { Db } from "../db.ts";
import type { AreaTrend } from "./shapes.ts";

/** The last 30 days of the area average of `fuel` near `zip`. */
export function areaTrend(_db: Db, _zip: string, _fuel: FuelType): AreaTrend {
	throw new Error("not built yet");
}
