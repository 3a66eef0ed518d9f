/** Product prices: shoppers' price reports, search, stores, categories and votes. */
export { CATEGORY_NOT_FOUND } from "./categories.ts";
export type { NearestReports } from "./nearest.ts";
export { nearestReports } from "./nearest.ts";
export { matchProduct, type ProductMatch } from "./product-match.ts";
export type { ProductByWords } from "./product-words.ts";
export { productsByWords } from "./product-words.ts";
export type { ReportJson } from "./read-shape.ts";
export { termsJson, toReportJson } from "./read-shape.ts";
export type { ReportResult } from "./report-page.ts";
export { reportFor } from "./report-page.ts";
export { createPriceReport } from "./reports.ts";
export { categoryRoutes, priceReportRoutes, searchRoutes, storeRoutes } from "./routes.ts";
export { NO_SEARCH_ZIP_MESSAGE, PriceCentsSchema, PriceReportSchema } from "./schemas.ts";
export { SearchMemory } from "./search-memory.ts";
export { keepSearchIndexMerged } from "./search-upkeep.ts";
export { takeDeal, toggleUpvote } from "./votes.ts";
