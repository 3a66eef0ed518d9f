/**
 * The operator's key: what a command on the server's own machine (`commoncents import` while the server
 * runs) shows to act as the console would, without a browser session (decision 0085). It is derived from the
 * data folder's signing secret, which only the server's user can read, so whoever can read the secret could
 * already do anything the key allows. A key for nothing else: a signature made with the secret for another
 * purpose is never this key (its label differs).
 */
import { hmac } from "@oslojs/crypto/hmac";
import { SHA256 } from "@oslojs/crypto/sha2";
import { constantTimeEqual } from "@oslojs/crypto/subtle";
import { encodeHexLowerCase } from "@oslojs/encoding";

export const OPERATOR_HEADER = "x-commoncents-operator";
const LABEL = "commoncents-operator-v1";

const encoder = new TextEncoder();

export const operatorKey = (secret: string) =>
	encodeHexLowerCase(hmac(SHA256, encoder.encode(secret), encoder.encode(LABEL)));

/** Constant time whatever was sent: both sides are hashed to the same length first. */
export function operatorKeyMatches(secret: string, given: string): boolean {
	const digest = (text: string) => hmac(SHA256, encoder.encode(LABEL), encoder.encode(text));
	return constantTimeEqual(digest(operatorKey(secret)), digest(given));
}

const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

/** Whether the socket's peer is this machine. */
export const isLoopback = (address: string | undefined) => address !== undefined && LOOPBACK.has(address);

/** Where the operator key is taken: the imports, and nothing else of the console. */
export const OPERATOR_PREFIX = "/api/admin/imports";
export const isOperatorPath = (path: string) => path === OPERATOR_PREFIX || path.startsWith(`${OPERATOR_PREFIX}/`);
