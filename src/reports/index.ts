/** The one report pipeline, products and fuel alike: checks, writes, trust, expiry and feedback counts. */
export { accuracyOf } from "./accuracy.ts";
export { assessPrice, checkPrice } from "./check.ts";
export { median } from "./consensus.ts";
export type { StandingReport } from "./duplicates.ts";
export { duplicateMessage } from "./duplicates.ts";
export { expireByAge, REPLACED_REASON, replacedWarning } from "./expiry.ts";
export { FEEDBACK_TABLE, HIDE_AT_FLAGS, recountFeedback } from "./feedback-counts.ts";
export type { FeedbackWord, ReportChange } from "./feedback-rows.ts";
export {
	changedReason,
	deleteFeedback,
	feedbackOf,
	HIDDEN_MESSAGE,
	NOT_LISTED_MESSAGE,
	upsertFeedback,
	WITHDRAWN_CHANGE_REASON,
} from "./feedback-rows.ts";
export { GOOD_DEAL_DAYS, GOOD_DEAL_MIN_PRICES, goodDealIds, withinLow } from "./good-deal.ts";
export { FUEL, FUEL_MAX_AGE_DAYS, MARKETS, maxAgeDays, PRODUCTS, productKey } from "./markets.ts";
export { mergeDuplicatePlaces } from "./merge-places.ts";
export { PriceModel } from "./model.ts";
export { findOrCreateStation, findOrCreateStore } from "./places.ts";
export type { HistoryPoint, HistoryStore, PaidRow, ProductLow } from "./price-history.sql.ts";
export {
	categoryName,
	historyPoints,
	lastDealTaken,
	lastOwnReport,
	liveOfferIds,
	productNameOf,
	storesByIds,
} from "./price-history.sql.ts";
export { countingRefusals, joinWarnings } from "./refusals.ts";
export { writeGasReportOnce, writePriceReportOnce } from "./repeats.ts";
export { takeReportSlot } from "./report-limit.ts";
export type { ReporterRow } from "./reporter.ts";
export { lastInitial, nameAsSeen, ownReporterJson, reporterColumnsSql, reporterJson } from "./reporter.ts";
export type { ReportTable } from "./reports.sql.ts";
export { discreditReports, expireReportsById } from "./reports.sql.ts";
export { confirmEntries, NO_ZIP_MESSAGE, VACATION_ZIP_MESSAGE, vacationEntries } from "./schemas.ts";
export { filterTerm } from "./search-text.ts";
export { accountAgeDays, standingOf } from "./standing.ts";
export type { TrustInput } from "./trust.ts";
export { fuelFreshDays, productFreshDays, trustOf } from "./trust.ts";
export type { FeedbackSummary, MyFeedback, TrustJson, TrustRow } from "./trust-shape.ts";
export { myFeedbackOf, reviewColumnSql, trustColumnsSql, trustJson, trustworthySql } from "./trust-shape.ts";
export type { GasReportJob } from "./write-fuel.ts";
export { PRICE_KEY, writeGasReport } from "./write-fuel.ts";
export type { PriceReportJob } from "./write-price.ts";
export { writePriceReport } from "./write-price.ts";
export type { ReportKind } from "./writer.ts";
export { ReportWriter } from "./writer.ts";
