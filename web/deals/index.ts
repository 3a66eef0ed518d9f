/** The deals feature's front door: a report's card, what you last paid, the deals tab, and the reports' query keys. */
export { useDealsTab } from "./homeState.ts";
export { dealKeys, type Report } from "./queries.ts";
export { ResultCard } from "./ResultCard.tsx";
export { EMPTY_SIZE, SizeField } from "./SizeField.tsx";
export { lastPriceText, youPaidText } from "./YouPaid.tsx";
