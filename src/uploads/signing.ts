/**
 * Signed upload URLs (spec §4, §9): the server makes the key, and an HMAC binds the method, the key, the
 * expiry, the user and the size limit, so a URL cannot be reused for another key, a later time, another
 * account or a bigger file. Single use is enforced by storage (a key is stored at most once).
 */
import { hmac } from "@oslojs/crypto/hmac";
import { SHA256 } from "@oslojs/crypto/sha2";
import { constantTimeEqual } from "@oslojs/crypto/subtle";
import { decodeHex, encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from "@oslojs/encoding";

/** Spec §9: signed URLs live a week by default. */
export const UPLOAD_URL_TTL_SECONDS = 604_800;
/** Spec §5 and §9: one photo of at most 5 MB. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/** Where the signed PUT goes (app.ts exempts this prefix from the JSON-only wall). */
export const UPLOAD_PUT_PREFIX = "/api/uploads/";

/**
 * 32 characters of lower-case base32 (20 bytes), nothing that could climb out of a folder: 10 random bytes,
 * then 10 bytes of an HMAC of them and the uploader's id, so a key tells whose photo it is (a shopper can
 * attach only their own uploads) without a table, and nobody can make a key for someone else.
 */
export const UPLOAD_KEY_PATTERN = /^[a-z2-7]{32}$/;
const KEY_HALF = 16;
const encoder = new TextEncoder();
const EXPIRES_PATTERN = /^\d{1,12}$/;
const SIG_PATTERN = /^[0-9a-f]{64}$/;

function ownerTag(secret: string, randomPart: string, userId: string): string {
	const message = ["commoncents-upload-owner-v1", randomPart, userId].join("\n");
	return encodeBase32LowerCaseNoPadding(hmac(SHA256, encoder.encode(secret), encoder.encode(message)).slice(0, 10));
}

export function newUploadKey(secret: string, userId: string): string {
	// 10 bytes are exactly 16 base32 characters, so the two halves encode apart.
	const randomPart = encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(10)));
	return randomPart + ownerTag(secret, randomPart, userId);
}

/** True when `key` was made by newUploadKey for this user under this secret. */
export function isUploadKeyOf(secret: string, key: string, userId: string): boolean {
	if (!UPLOAD_KEY_PATTERN.test(key)) return false;
	const expected = ownerTag(secret, key.slice(0, KEY_HALF), userId);
	return constantTimeEqual(encoder.encode(expected), encoder.encode(key.slice(KEY_HALF)));
}

type Signed = { key: string; expires: string; userId: string };

function signature(secret: string, { key, expires, userId }: Signed): Uint8Array {
	// A purpose tag keeps these MACs from ever equalling another feature's signature under the same secret;
	// the fields are fixed-alphabet (no newline can appear inside one), so the joined message is unambiguous.
	const message = ["commoncents-upload-v1", "PUT", key, expires, userId, String(MAX_UPLOAD_BYTES)].join("\n");
	return hmac(SHA256, encoder.encode(secret), encoder.encode(message));
}

/**
 * A fresh key and the relative URL the client PUTs the file to. `ttlSeconds` is a parameter so tests can
 * make a URL that has already expired.
 */
export function createUploadUrl(
	secret: string,
	userId: string,
	{ ttlSeconds = UPLOAD_URL_TTL_SECONDS, now = Date.now() }: { ttlSeconds?: number; now?: number } = {},
) {
	const key = newUploadKey(secret, userId);
	const expires = String(Math.floor(now / 1000) + ttlSeconds);
	const sig = encodeHexLowerCase(signature(secret, { key, expires, userId }));
	return { key, uploadURL: `${UPLOAD_PUT_PREFIX}${key}?expires=${expires}&sig=${sig}` };
}

/**
 * True when the URL was signed by us for this user and has not expired. Every malformed part is simply
 * "not valid": the caller answers the same 403 whatever was wrong, so nothing is learnt by probing.
 */
export function verifyUploadUrl(
	secret: string,
	parts: { key: string; expires: string | undefined; sig: string | undefined; userId: string },
	now = Date.now(),
): boolean {
	const { key, expires, sig, userId } = parts;
	if (!UPLOAD_KEY_PATTERN.test(key) || !expires || !EXPIRES_PATTERN.test(expires)) return false;
	if (!sig || !SIG_PATTERN.test(sig)) return false;
	const expected = signature(secret, { key, expires, userId });
	if (!constantTimeEqual(expected, decodeHex(sig))) return false;
	return Number(expires) > Math.floor(now / 1000);
}
