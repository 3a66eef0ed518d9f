/** Shoppers' words on one another's reports (confirmed, wrong, changed), products and fuel alike. */
export { gasFeedbackRoutes, priceFeedbackRoutes } from "./routes.ts";
