/**
 * The verdict on a new price, products and fuel alike: the statistics on the recent reports of the same
 * thing nearby (consensus.ts, one voice per shopper), then the local model's advice within its timeout
 * (model.ts). A clear outlier is thrown as spec §7's 422 rejection, its range in dollars; a doubtful price as
 * a 422 that asks (doubtful.ts) until its reporter confirms it; otherwise the confidence and reason stored.
 */
import type { HistoryRow } from "../data/reports.ts";
import { transaction } from "../data/transaction.ts";
import type { Db } from "../db.ts";
import { rejection } from "../lib/errors.ts";
import { combineWithModel, heardPrices, judgePrice, type Verdict } from "./consensus.ts";
import { doubtfulPrice, likeliestMeant } from "./doubtful.ts";
import type { Market } from "./market.ts";
import type { PriceModel } from "./model.ts";

/**
 * What is stored with an accepted report: how sure the check is, and why; whether the price is unusual (no
 * Best Deal, no savings until someone confirms it), and the warning the answer then carries.
 */
export type StoredVerdict = { confidence: number; reason: string; unusual: boolean; warning: string | null };

/** What the check asks of a market: its bounds, its unit and how a price is written and answered. */
type PriceJudged<Key> = Pick<Market<Key>, "bounds" | "format" | "toDollars" | "unit">;

const stored = (v: Extract<Verdict, { accepted: true }>): StoredVerdict => ({
	confidence: v.confidence,
	reason: v.reason,
	unusual: v.unusual,
	warning: v.warning,
});

/**
 * The statistics alone on the prices heard: a clear outlier is thrown as the 422 rejection, a doubtful price as
 * the 422 that asks (`ask`, thrown by the caller), unless its reporter already said it is right
 * (`confirmUnusual`): then it is saved as unusual.
 */
function judgeStatistically<Key>(
	market: PriceJudged<Key>,
	key: Key,
	prices: number[],
	price: number,
	confirmed: boolean,
) {
	const bounds = market.bounds(key);
	const statistical = judgePrice(price, prices, bounds, market.format);
	if (!statistical.accepted) {
		const { reason, suggestedRange, consensus } = statistical;
		throw rejection(reason, suggestedRange, market.unit, likeliestMeant(price, suggestedRange, consensus));
	}
	const ask = () => (statistical.doubt && !confirmed ? doubtfulPrice(market, price, statistical.doubt) : null);
	return { statistical, bounds, ask };
}

/**
 * The verdict without the model: the statistics on `history`, which the caller reads inside its write
 * transaction (nothing is awaited, so the history it judges is the one it stores against).
 */
export function checkPrice<Key>(
	market: PriceJudged<Key>,
	key: Key,
	history: readonly HistoryRow[],
	price: number,
	reporterId: string,
	confirmUnusual = false,
): StoredVerdict {
	const { statistical, ask } = judgeStatistically(market, key, heardPrices(history, reporterId), price, confirmUnusual);
	const question = ask();
	if (question) throw question;
	return stored(statistical);
}

/**
 * The verdict with the model, made before the write transaction: the model may take its time, and no write
 * lock is held meanwhile. The statistics first; then the model's opinion (null when it is off, busy or slow)
 * moves the confidence, or with thin history rejects. `replacedId` is the report a "changed" word says is
 * out of date: it is no voice of the price replacing it, as in the write's own check. `confirmUnusual`: the
 * reporter answered the check's question, and keeps the price.
 */
export async function assessPrice<Key>(
	db: Db,
	model: PriceModel,
	market: PriceJudged<Key> & Pick<Market<Key>, "history" | "subject">,
	key: Key,
	price: number,
	reporterId: string,
	replacedId?: number | null,
	confirmUnusual = false,
): Promise<StoredVerdict> {
	const history = (await transaction(db, (tx) => market.history(tx, key))).filter((h) => h.id !== replacedId);
	const prices = heardPrices(history, reporterId);
	const { statistical, bounds, ask } = judgeStatistically(market, key, prices, price, confirmUnusual);
	const { format } = market;
	const advice = await model.ask({
		...market.subject(key),
		price: format(price),
		consensus:
			statistical.consensus === null
				? null
				: { typicalPrice: format(Math.round(statistical.consensus)), reports: prices.length },
		usualRange: { min: format(bounds.min), max: format(bounds.max) },
	});
	const verdict = combineWithModel(statistical, advice, bounds);
	if (!verdict.accepted) throw rejection(verdict.reason, verdict.suggestedRange, market.unit);
	// Asked only once the model has had its say: a price it confidently rejects is refused, not questioned.
	const question = ask();
	if (question) throw question;
	return stored(verdict);
}
