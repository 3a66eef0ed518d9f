import { type QueryClient, type QueryKey, useQueryClient } from "@tanstack/react-query";
import type { TrustJson } from "../../src/reports/index.ts";
import { api, unwrap } from "../api/client.ts";
import { isStatus } from "../api/failure.ts";
import { gasKeys } from "../api/gas-keys.ts";
import type { OkOf } from "../api/http.ts";
import { useLastingMutation } from "../api/mutation.ts";
import { authKeys } from "../auth/index.ts";
import type { FeedbackKind, FeedbackTarget, FlagReason } from "./words.ts";

/** The deal search's lists and the deal page (web/deals' dealKeys.search): web/deals shows this row, so cannot be imported. */
const SEARCH_KEY = ["deals", "search"] as const;

/**
 * A shopper's word about a report; the price (in dollars) only with `changed`, the reason only with `wrong`;
 * `confirmUnusual` answers the quality check's question about a new price: it is right as typed.
 */
export type Word = { kind: FeedbackKind; reason?: FlagReason; price?: number; confirmUnusual?: boolean };

/** A word to give about a report, or (word null) the shopper's word to take back. */
export type Ask = { target: FeedbackTarget; id: number; word: Word | null };

const priceRoute = api["price-reports"][":id"].feedback;
const gasRoute = api.gas.reports[":id"].feedback;

/**
 * A word's answer, as the server types it: the report after the word; `listed` false when it left the lists (a
 * new price retired it, or the flags hid it); a new price's report, and `message` when that price confirmed the
 * same one standing there.
 */
export type GivenAnswer = OkOf<typeof priceRoute.$post> | OkOf<typeof gasRoute.$post>;
/** Taking a word back answers the report as the shopper now sees it. */
export type UndoneAnswer = OkOf<typeof priceRoute.$delete> | OkOf<typeof gasRoute.$delete>;
export type FeedbackAnswer = GivenAnswer | UndoneAnswer;
type Answered = FeedbackAnswer["report"];

async function send({ target, id, word }: Ask): Promise<FeedbackAnswer> {
	const param = { id: String(id) };
	if (target === "product") {
		return word ? unwrap(priceRoute.$post({ param, json: word })) : unwrap(priceRoute.$delete({ param }));
	}
	return word ? unwrap(gasRoute.$post({ param, json: word })) : unwrap(gasRoute.$delete({ param }));
}

/** The lists a report of `target` shows in: the deal search and deal page, or the Gas page's recent reports. */
const listKey = (target: FeedbackTarget): QueryKey => (target === "product" ? SEARCH_KEY : gasKeys.reports);

/** The read shape's trust fields: what a word changes on the report (a list's own fields, stars and miles, stay). */
function trustOf(report: Answered): TrustJson {
	const { verificationConfidence, seenAt, fresh, bestDeal, unusual, outOfStock, isOwnReport, underReview, feedback } =
		report;
	return { verificationConfidence, seenAt, fresh, bestDeal, unusual, outOfStock, isOwnReport, underReview, feedback };
}

/** Shows the answer's report at once wherever it is listed; the lists are then asked again. */
function showAnswer(queryClient: QueryClient, target: FeedbackTarget, report: Answered) {
	const trust = trustOf(report);
	queryClient.setQueriesData<{ id: number }[]>({ queryKey: listKey(target) }, (list) =>
		Array.isArray(list) ? list.map((item) => (item.id === report.id ? { ...item, ...trust } : item)) : list,
	);
}

/**
 * Gives or takes back a shopper's word about another shopper's report. The card shows the answer at once; then
 * the lists are asked again: flags of enough weight hide the report, a new price retires it and lists the new one, and
 * for fuel the stations' prices may move. A report gone meanwhile (404, 409) has its list asked again too.
 */
export function useFeedback() {
	const queryClient = useQueryClient();
	const refresh = (target: FeedbackTarget) =>
		void queryClient.invalidateQueries({ queryKey: target === "product" ? SEARCH_KEY : gasKeys.all });
	return useLastingMutation({
		mutationFn: send,
		onSuccess: (answer: FeedbackAnswer, ask: Ask) => {
			showAnswer(queryClient, ask.target, answer.report);
			refresh(ask.target);
			// A new price is a report of the shopper's own: their count moved (and back, when taken back).
			if (("newReport" in answer && answer.newReport) || ask.word === null)
				void queryClient.invalidateQueries({ queryKey: authKeys.user });
		},
		onError: (error, ask) => {
			if (isStatus(error, 404, 409)) refresh(ask.target);
		},
	});
}
