import { type TokenWithUser, tokenLookup } from "../data/api-tokens.ts";
import type { Db } from "../db.ts";
import type { ChangeStamp } from "../lib/read-cache.ts";

const MAX_REMEMBERED = 10_000;

export type TokenReader = (tokenHash: string) => Promise<TokenWithUser | null>;

/**
 * Tokens by hash, remembered until the next write to the database (as sessions are, src/lib/sessions.ts): an
 * integration polls, and its token's row and shopper are read once, not on every call. A revocation or a
 * suspension is a write, so it is never served from memory.
 */
export function createTokenReader(db: Db, changeStamp: ChangeStamp): TokenReader {
	const byHash = tokenLookup(db);
	let memo: { stamp: string; rows: Map<string, TokenWithUser | null> } = { stamp: "", rows: new Map() };
	return async (tokenHash) => {
		const stamp = changeStamp();
		if (memo.stamp !== stamp) memo = { stamp, rows: new Map() };
		// What is read is kept under the stamp it was read at, even when a write meanwhile started afresh.
		const readAt = memo;
		const known = readAt.rows.get(tokenHash);
		if (known !== undefined) return known;
		const found = (await byHash(tokenHash)) ?? null;
		if (readAt.rows.size < MAX_REMEMBERED) readAt.rows.set(tokenHash, found);
		return found;
	};
}
