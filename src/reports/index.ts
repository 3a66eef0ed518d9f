/** The one report pipeline, products and fuel alike: checks, writes, trust, expiry and feedback counts. */
export { PRICE_KEY } from "../data/fuel-reports.ts";
export { FEEDBACK_TABLE } from "../data/report-feedback.ts";
export type { ReportTable } from "../data/reports.ts";
export { accuracyOf } from "./accuracy.ts";
export { assessPrice, checkPrice } from "./check.ts";
export { median } from "./consensus.ts";
export type { StandingReport } from "./duplicates.ts";
export { duplicateMessage } from "./duplicates.ts";
export type { PricedThing, PriceListener, WrittenPrice } from "./events.ts";
export { PriceEvents } from "./events.ts";
export { expireByAge, REPLACED_REASON, replacedWarning } from "./expiry.ts";
export { HIDE_AT_FLAGS, recountFeedback } from "./feedback-counts.ts";
export type { ReportChange } from "./feedback-rows.ts";
export { changedReason, HIDDEN_MESSAGE, NOT_LISTED_MESSAGE, WITHDRAWN_CHANGE_REASON } from "./feedback-rows.ts";
export type { Filing } from "./filing.ts";
export { filedAnswer, fileReport, fileReportOnce } from "./filing.ts";
export { GOOD_DEAL_DAYS, GOOD_DEAL_MIN_PRICES, goodDealIds, withinLow } from "./good-deal.ts";
export type { ImportedPrice, Market, PriceFields, ReportDraft, Reporter, ReportJob } from "./market.ts";
export type { FuelFields, FuelKey, ProductFields, ProductKey } from "./markets.ts";
export { FUEL, FUEL_MAX_AGE_DAYS, MARKETS, maxAgeDays, PRODUCTS, productKey } from "./markets.ts";
export { mergeDuplicatePlaces } from "./merge-places.ts";
export { PriceModel } from "./model.ts";
export { everythingAt, placeCell } from "./place-terms.ts";
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
export { takeReportSlot } from "./report-limit.ts";
export type { ReporterRow } from "./reporter.ts";
export { lastInitial, nameAsSeen, ownReporterJson, reporterColumnsSql, reporterJson } from "./reporter.ts";
export { confirmEntries, NO_ZIP_MESSAGE, VACATION_ZIP_MESSAGE, vacationEntries } from "./schemas.ts";
export { filterTerm } from "./search-text.ts";
export { accountAgeDays, standingOf } from "./standing.ts";
export type { TrustInput } from "./trust.ts";
export { fuelFreshDays, productFreshDays, trustOf } from "./trust.ts";
export type { FeedbackSummary, MyFeedback, TrustJson, TrustRow } from "./trust-shape.ts";
export { myFeedbackOf, reviewColumnSql, trustColumnsSql, trustJson, trustworthySql } from "./trust-shape.ts";
export type { ConfirmedExisting, Written } from "./write.ts";
export { write } from "./write.ts";
export { ReportWriter } from "./writer.ts";
export { serveReportWrites } from "./writer-worker.ts";
