/**
 * Personal access tokens' rows (decision 0067): each keeps only its secret's SHA-256 and last four characters.
 * The lookup by hash runs on every request that carries a token, so it is prepared once.
 */
import { and, count, desc, eq, sql } from "drizzle-orm";
import { type ApiToken, apiTokens, type User, users } from "../../db/schema.ts";
import type { Db } from "../db.ts";
import type { Tx } from "./transaction.ts";

const COLUMNS = {
	id: apiTokens.id,
	name: apiTokens.name,
	hint: apiTokens.hint,
	createdAt: apiTokens.createdAt,
	lastUsedAt: apiTokens.lastUsedAt,
};
/** A token as its shopper lists it: never its hash. */
export type TokenListRow = Pick<ApiToken, keyof typeof COLUMNS>;

/** The shopper's tokens, newest first. */
export async function tokenRowsOf(db: Db, userId: string): Promise<TokenListRow[]> {
	return db
		.select(COLUMNS)
		.from(apiTokens)
		.where(eq(apiTokens.userId, userId))
		.orderBy(desc(apiTokens.createdAt), desc(apiTokens.id))
		.all();
}

/** How many tokens the shopper has. */
export function tokenCountOf(tx: Tx, userId: string): number {
	return tx.select({ n: count() }).from(apiTokens).where(eq(apiTokens.userId, userId)).get()?.n ?? 0;
}

export function insertToken(
	tx: Tx,
	values: { userId: string; name: string; tokenHash: string; hint: string },
): TokenListRow {
	return tx.insert(apiTokens).values(values).returning(COLUMNS).get();
}

/** Deletes one of the shopper's tokens: its id, or undefined when they have none by that id. */
export async function deleteTokenOf(db: Db, userId: string, id: number): Promise<{ id: number } | undefined> {
	return db
		.delete(apiTokens)
		.where(and(eq(apiTokens.id, id), eq(apiTokens.userId, userId)))
		.returning({ id: apiTokens.id })
		.get();
}

/** Deletes every token of the shopper. */
export function deleteTokensOf(tx: Tx, userId: string) {
	tx.delete(apiTokens).where(eq(apiTokens.userId, userId)).run();
}

export async function touchToken(db: Db, id: number, at: Date) {
	db.update(apiTokens).set({ lastUsedAt: at }).where(eq(apiTokens.id, id)).run();
}

/** A token found by its hash: its id, when it was last used, and its shopper. */
export type TokenWithUser = { id: number; lastUsedAt: Date | null; user: User };

/** The lookup of a token by its hash, with its shopper, prepared once for the connection. */
export function tokenLookup(db: Db): (tokenHash: string) => Promise<TokenWithUser | undefined> {
	const byHash = db
		.select({ id: apiTokens.id, lastUsedAt: apiTokens.lastUsedAt, user: users })
		.from(apiTokens)
		.innerJoin(users, eq(users.id, apiTokens.userId))
		.where(eq(apiTokens.tokenHash, sql.placeholder("hash")))
		.prepare();
	return async (hash) => byHash.get({ hash });
}
