import type { Db } from "../db.ts";

/** Called once a price report is stored and accepted: matches it against active alerts (to be built). */
export function matchAlertsForReport(_db: Db, _reportId: number): void {}
