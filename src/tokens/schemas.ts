/**
 * Personal access tokens' schemas, shared by the server, its contract and the web form. Pure valibot: the
 * limits a shopper meets are here, so the form and the server say the same thing.
 */
import * as v from "valibot";

/** Every secret starts so: a reader (or a secret scanner) can tell it is a CommonCents token. */
export const TOKEN_PREFIX = "cc_pat_";
/** What follows the prefix: 20 random bytes (160 bits) as lowercase base32, 32 characters. */
export const TOKEN_SHAPE = /^cc_pat_[a-z2-7]{32}$/;
export const TOKEN_NAME_MAX_LENGTH = 60;
/** Enough for every integration a household runs; a bound on what Settings lists. */
export const MAX_TOKENS_PER_USER = 20;
/** Requests one token may make a minute: a sensor polled every few seconds stays well under it. */
export const TOKEN_REQUESTS_PER_MINUTE = 60;

export const TOKEN_NAME_REQUIRED = "Give the token a name";
export const TOO_MANY_TOKENS = `You can keep at most ${MAX_TOKENS_PER_USER} tokens; revoke one first`;
export const TOKEN_NOT_FOUND = "Token not found";

export const CreateTokenSchema = v.object({
	name: v.optional(
		v.pipe(
			v.string("Name must be text"),
			v.trim(),
			v.nonEmpty(TOKEN_NAME_REQUIRED),
			v.maxLength(TOKEN_NAME_MAX_LENGTH, `Name must be at most ${TOKEN_NAME_MAX_LENGTH} characters`),
		),
		"",
	),
});
export type CreateTokenInput = v.InferOutput<typeof CreateTokenSchema>;

const Timestamp = v.pipe(v.string(), v.isoTimestamp());

/** A token as Settings lists it: never its secret, only the secret's last four characters. */
const Id = v.pipe(v.number(), v.integer());

export const TokenSchema = v.object({
	id: Id,
	name: v.string(),
	hint: v.pipe(v.string(), v.description("The secret's last four characters")),
	createdAt: Timestamp,
	lastUsedAt: v.pipe(v.nullable(Timestamp), v.description("Updated at most once an hour; null until first used")),
});
export type TokenJson = v.InferOutput<typeof TokenSchema>;

export const TokenListSchema = v.array(TokenSchema);

/** The create answer: the only time the secret is ever sent. */
export const CreatedTokenSchema = v.object({
	token: TokenSchema,
	secret: v.pipe(v.string(), v.description("Send as `Authorization: Bearer <secret>`; shown this once only")),
});

export const RevokedTokenSchema = v.object({ id: Id });
