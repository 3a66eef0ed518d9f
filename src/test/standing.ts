/**
 * Shoppers of standing for API tests (decision 0071): a flag or confirmation weighs its account's age and its
 * reports that stood, which a test cannot wait a month for. The account is made older, and given reports that
 * stood, in the test's own database: state made for the test, as the harness makes users through the API.
 */
import { inArray } from "drizzle-orm";
import { users } from "../../db/schema.ts";
import type { Db } from "../db.ts";
import { DAY_MS } from "../lib/time.ts";
import { FULL_STANDING_DAYS, FULL_STANDING_REPORTS } from "../reports/standing.ts";

/** Makes these accounts of full standing: old enough, with enough reports that stood and none refused. */
export function establish(server: { db: Db }, userIds: string[]) {
	server.db
		.update(users)
		.set({
			createdAt: new Date(Date.now() - (FULL_STANDING_DAYS + 1) * DAY_MS),
			totalReports: FULL_STANDING_REPORTS,
			reportsUpheld: 0,
			reportsRefused: 0,
		})
		.where(inArray(users.id, userIds))
		.run();
}
