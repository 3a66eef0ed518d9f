/** Shopping lists: a shopper's lists, their items, and a read-only link to share one. */

export { ListAlertWatch } from "./alert-watch.ts";
export { listPlan } from "./list-plan.ts";
export { STORE_NOT_FOUND, storeMembershipRoutes } from "./memberships.ts";
export { listAlertNotes } from "./price-listener.ts";
export { listRoutes, sharedListRoutes } from "./routes.ts";
export { LIST_NOT_FOUND, NO_PLAN_ZIP_MESSAGE, PlanQuerySchema } from "./schemas.ts";
