import { eq, sql } from "drizzle-orm";
import { apiTokens, type User, users } from "../../db/schema.ts";
import type { Db } from "../db.ts";
import type { ChangeStamp } from "../lib/read-cache.ts";

const MAX_REMEMBERED = 10_000;

/** A token found by its hash: its id, when it was last used, and its shopper. */
type TokenRow = { id: number; lastUsedAt: Date | null; user: User };
export type TokenReader = (tokenHash: string) => TokenRow | null;

/**
 * Tokens by hash, remembered until the next write to the database (as sessions are, src/lib/sessions.ts): an
 * integration polls, and its token's row and shopper are read once, not on every call. A revocation or a
 * suspension is a write, so it is never served from memory.
 */
export function createTokenReader(db: Db, changeStamp: ChangeStamp): TokenReader {
	const byHash = db
		.select({ id: apiTokens.id, lastUsedAt: apiTokens.lastUsedAt, user: users })
		.from(apiTokens)
		.innerJoin(users, eq(users.id, apiTokens.userId))
		.where(eq(apiTokens.tokenHash, sql.placeholder("hash")))
		.prepare();
	let memo: { stamp: string; rows: Map<string, TokenRow | null> } = { stamp: "", rows: new Map() };
	return (tokenHash) => {
		const stamp = changeStamp();
		if (memo.stamp !== stamp) memo = { stamp, rows: new Map() };
		const known = memo.rows.get(tokenHash);
		if (known !== undefined) return known;
		const found = byHash.get({ hash: tokenHash }) ?? null;
		if (memo.rows.size < MAX_REMEMBERED) memo.rows.set(tokenHash, found);
		return found;
	};
}
