/** Accounts: sign-up, sign-in and sign-out, password hashing and login throttling. */
export { DEFAULT_HASH_MEMORY_KIB, MIN_HASH_MEMORY_KIB } from "../lib/password-memory.ts";
export { PasswordHasher } from "./passwords.ts";
export { authRoutes } from "./routes.ts";
export { LoginThrottle } from "./throttle.ts";
