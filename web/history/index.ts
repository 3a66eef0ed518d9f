/** The history feature's front door: the search parameters the router validates for the history pages. */
export { productSearch, stationSearch } from "./search.ts";
