/** A station's price history (issue 41). */
import type { Db } from "../db.ts";
import type { StationHistoryQuery } from "./schemas.ts";
import type { StationHistory } from "./shapes.ts";

/** The station's history over the window; null when there is no such station. */
export function stationHistory(
	_db: Db,
	_stationId: number,
	_query: StationHistoryQuery,
	_viewer: { id: string; zipCode: string | null },
): StationHistory | null {
	throw new Error("not built yet");
}
