/** How the console words flags, accuracy and the record's actions. */
import type { ModerationAction } from "../../db/enums.ts";

import { formatCurrency } from "../components/format.ts";
import type { FlaggedReport } from "./queries.ts";

/** What each action of the record did, as its line starts. */
export const ACTION_LABEL: Record<ModerationAction, string> = {
	"dismiss-flags": "Dismissed flags",
	"expire-report": "Expired report",
	terminate: "Terminated",
	"lift-suspension": "Lifted suspension",
};

export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** A fuel price to the thousandth of a dollar, as the Gas page shows it; a product's to the cent. */
export const reportPrice = (item: Pick<FlaggedReport, "kind" | "price">) =>
	formatCurrency(item.price, item.kind === "fuel" ? 3 : 2);

/** "96% accurate (48 of 50 reports stood)", or that nothing of theirs is judged yet. */
export function accuracyWords(accuracy: FlaggedReport["reporter"]["accuracy"]) {
	if (!accuracy) return "No reports judged yet";
	return `${accuracy.percent}% accurate (${accuracy.accurate} of ${plural(accuracy.judged, "report")} stood)`;
}

/** "account made today" or "account 12 days old": a flagger's account age, as the queue shows it. */
export const accountAgeWords = (days: number) =>
	days < 1 ? "account made today" : `account ${plural(days, "day")} old`;
