import { viewerMarkRows } from "../data/fuel-report-rows.ts";
import type { Db } from "../db.ts";
import { type MyFeedback, myFeedbackOf } from "../reports/index.ts";

/** What the viewer has to do with each of these reports, for those they made or spoke of. */
export type ViewerMark = { isOwnReport: boolean; mine: MyFeedback | null };

/** The viewer's marks on some reports (a list shared by the zip), by report id; only the reports that have one. */
export async function viewerMarks(db: Db, ids: readonly number[], viewer: string): Promise<Map<number, ViewerMark>> {
	const rows = await viewerMarkRows(db, ids, viewer);
	return new Map(rows.map((r) => [r.id, { isOwnReport: r.isOwnReport === 1, mine: myFeedbackOf(r.kind, r.reason) }]));
}
