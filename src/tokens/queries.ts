import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import { and, count, desc, eq } from "drizzle-orm";
import { type ApiToken, apiTokens } from "../../db/schema.ts";
import type { Db } from "../db.ts";
import { conflict, notFound } from "../lib/http.ts";
import { MAX_TOKENS_PER_USER, TOKEN_NOT_FOUND, TOKEN_PREFIX, TOO_MANY_TOKENS, type TokenJson } from "./schemas.ts";

/** A new secret: 20 bytes from the CSPRNG (160 bits), base32, behind the prefix. */
export const generateTokenSecret = () =>
	`${TOKEN_PREFIX}${encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(20)))}`;

/** What the table keeps of a secret: its SHA-256, hex (a secret of 160 random bits needs no salt or slow hash). */
export const tokenHashOf = (secret: string) => Bun.SHA256.hash(secret, "hex");

const COLUMNS = {
	id: apiTokens.id,
	name: apiTokens.name,
	hint: apiTokens.hint,
	createdAt: apiTokens.createdAt,
	lastUsedAt: apiTokens.lastUsedAt,
};

const toJson = (row: Pick<ApiToken, keyof typeof COLUMNS>): TokenJson => ({
	id: row.id,
	name: row.name,
	hint: row.hint,
	createdAt: row.createdAt.toISOString(),
	lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

/** The shopper's tokens, newest first. */
export function listTokens(db: Db, userId: string): TokenJson[] {
	return db
		.select(COLUMNS)
		.from(apiTokens)
		.where(eq(apiTokens.userId, userId))
		.orderBy(desc(apiTokens.createdAt), desc(apiTokens.id))
		.all()
		.map(toJson);
}

/** Makes a token; the secret is in this answer and nowhere else. The count and the insert are one transaction. */
export function createToken(db: Db, userId: string, name: string) {
	const secret = generateTokenSecret();
	const row = db.transaction(
		(tx) => {
			const owned = tx.select({ n: count() }).from(apiTokens).where(eq(apiTokens.userId, userId)).get();
			if ((owned?.n ?? 0) >= MAX_TOKENS_PER_USER) throw conflict(TOO_MANY_TOKENS);
			return tx
				.insert(apiTokens)
				.values({ userId, name, tokenHash: tokenHashOf(secret), hint: secret.slice(-4) })
				.returning(COLUMNS)
				.get();
		},
		{ behavior: "immediate" },
	);
	return { token: toJson(row), secret };
}

/** Revokes one of the shopper's tokens (deletes it); another shopper's is as unknown as one never made. */
export function revokeToken(db: Db, userId: string, id: number) {
	const gone = db
		.delete(apiTokens)
		.where(and(eq(apiTokens.id, id), eq(apiTokens.userId, userId)))
		.returning({ id: apiTokens.id })
		.get();
	if (!gone) throw notFound(TOKEN_NOT_FOUND);
	return gone;
}
