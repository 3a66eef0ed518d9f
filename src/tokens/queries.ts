import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import { deleteTokenOf, insertToken, type TokenListRow, tokenCountOf, tokenRowsOf } from "../data/api-tokens.ts";
import { transaction } from "../data/transaction.ts";
import type { Db } from "../db.ts";
import { conflict, notFound } from "../lib/http.ts";
import { MAX_TOKENS_PER_USER, TOKEN_NOT_FOUND, TOKEN_PREFIX, TOO_MANY_TOKENS, type TokenJson } from "./schemas.ts";

/** A new secret: 20 bytes from the CSPRNG (160 bits), base32, behind the prefix. */
export const generateTokenSecret = () =>
	`${TOKEN_PREFIX}${encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(20)))}`;

/** What the table keeps of a secret: its SHA-256, hex (a secret of 160 random bits needs no salt or slow hash). */
export const tokenHashOf = (secret: string) => Bun.SHA256.hash(secret, "hex");

const toJson = (row: TokenListRow): TokenJson => ({
	id: row.id,
	name: row.name,
	hint: row.hint,
	createdAt: row.createdAt.toISOString(),
	lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

/** The shopper's tokens, newest first. */
export async function listTokens(db: Db, userId: string): Promise<TokenJson[]> {
	return (await tokenRowsOf(db, userId)).map(toJson);
}

/** Makes a token; the secret is in this answer and nowhere else. The count and the insert are one transaction. */
export async function createToken(db: Db, userId: string, name: string) {
	const secret = generateTokenSecret();
	const row = await transaction(
		db,
		(tx) => {
			if (tokenCountOf(tx, userId) >= MAX_TOKENS_PER_USER) throw conflict(TOO_MANY_TOKENS);
			return insertToken(tx, { userId, name, tokenHash: tokenHashOf(secret), hint: secret.slice(-4) });
		},
		"immediate",
	);
	return { token: toJson(row), secret };
}

/** Revokes one of the shopper's tokens (deletes it); another shopper's is as unknown as one never made. */
export async function revokeToken(db: Db, userId: string, id: number) {
	const gone = await deleteTokenOf(db, userId, id);
	if (!gone) throw notFound(TOKEN_NOT_FOUND);
	return gone;
}
