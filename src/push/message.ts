/**
 * A push message's parts that need no network: its payload text within one record, its Topic header, and
 * the wait a push service's Retry-After asks for.
 */
import { createHash } from "node:crypto";
import type { PushPayload } from "./payload.ts";

/** A push service takes one record of a few KB (RFC 8030); the encryption adds a header and padding. */
export const MAX_PAYLOAD_BYTES = 3_000;

/** The Topic header: a newer message with the same topic replaces one the device has not received yet. */
export function topicOf(tag: string): string | undefined {
	if (!tag) return undefined;
	if (/^[A-Za-z0-9_-]{1,32}$/.test(tag)) return tag;
	return createHash("sha256").update(tag).digest("base64url").slice(0, 32);
}

/** The payload as JSON of at most MAX_PAYLOAD_BYTES, shortening its body text when it is too long. */
export function payloadText(payload: PushPayload): string {
	let text = JSON.stringify(payload);
	let body = payload.body;
	while (Buffer.byteLength(text) > MAX_PAYLOAD_BYTES && body.length > 0) {
		body = body.slice(0, Math.max(0, body.length - Math.ceil((Buffer.byteLength(text) - MAX_PAYLOAD_BYTES) / 2) - 1));
		text = JSON.stringify({ ...payload, body: `${body}…` });
	}
	return text;
}

/** Milliseconds a Retry-After header asks for (seconds or an HTTP date), or 0. */
export function retryAfterMs(header: string | null, now = Date.now()) {
	if (!header) return 0;
	if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
	const at = Date.parse(header);
	return Number.isNaN(at) ? 0 : Math.max(0, at - now);
}
