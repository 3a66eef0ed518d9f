/** Profiles and settings, public profiles, shopper search and the top contributors. */
export { deleteAccount, userJson } from "./queries.ts";
export { profileRoutes, usersRoutes } from "./routes.ts";
export { USER_SEARCH_MAX_LENGTH } from "./schemas.ts";
