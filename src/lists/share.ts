/**
 * A list's read-only link: `<list id>-<MAC>`, the MAC of the list and its share version under the instance's
 * secret. Nothing secret is stored; sharing again (a new version) ends the old links, and private lists have none.
 */

import { hmac } from "@oslojs/crypto/hmac";
import { SHA256 } from "@oslojs/crypto/sha2";
import { constantTimeEqual } from "@oslojs/crypto/subtle";
import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";

const encoder = new TextEncoder();
const TOKEN = /^(\d{1,12})-([a-z2-7]{26})$/;

function mac(secret: string, listId: number, version: number): string {
	// A purpose tag keeps these MACs apart from every other feature's under the same secret.
	const message = ["commoncents-list-share-v1", String(listId), String(version)].join("\n");
	return encodeBase32LowerCaseNoPadding(hmac(SHA256, encoder.encode(secret), encoder.encode(message)).slice(0, 16));
}

export const shareToken = (secret: string, listId: number, version: number) =>
	`${listId}-${mac(secret, listId, version)}`;

/** The list a token names, when it is well formed; whether it is the list's current link is `isShareOf`'s to say. */
export function listIdOfToken(token: string): number | null {
	const match = TOKEN.exec(token);
	return match ? Number(match[1]) : null;
}

export function isShareOf(secret: string, token: string, list: { id: number; shareVersion: number | null }): boolean {
	if (list.shareVersion === null) return false;
	return constantTimeEqual(encoder.encode(token), encoder.encode(shareToken(secret, list.id, list.shareVersion)));
}
