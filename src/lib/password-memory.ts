/**
 * How much memory one argon2id password hash may take (src/auth/passwords.ts hashes), here below the features
 * because the configuration (src/env.ts) checks PASSWORD_HASH_MEMORY_KIB against the same bounds.
 */

/** Bun's default, and ours. */
export const DEFAULT_HASH_MEMORY_KIB = 65_536;
/** OWASP's minimum for argon2id with two passes (19 MiB): the least PASSWORD_HASH_MEMORY_KIB may ask for. */
export const MIN_HASH_MEMORY_KIB = 19_456;
