/**
 * The developer passkey check. Both sides are hashed with SHA-256 first, so the comparison is constant-time
 * and of equal lengths whatever was typed. Wrong guesses are throttled harder than logins: one passkey
 * opens the console for everyone who knows it, so five wrong tries per account and per client address in
 * 15 minutes, then 429.
 */
import { sha256 } from "@oslojs/crypto/sha2";
import { constantTimeEqual } from "@oslojs/crypto/subtle";
import { SlidingWindow } from "../lib/sliding-window.ts";

const WINDOW_MS = 15 * 60 * 1000;
export const MAX_PASSKEY_FAILURES = 5;

const digest = (text: string) => sha256(new TextEncoder().encode(text));

export function passkeyMatches(expected: string, given: string): boolean {
	return constantTimeEqual(digest(expected), digest(given));
}

export class PasskeyThrottle {
	private failures = new SlidingWindow(WINDOW_MS, 10_000);

	/** Seconds to wait before another try, or 0 when allowed. */
	retryAfter(userId: string, client: string, now = Date.now()): number {
		return Math.max(
			this.failures.retryAfter(`u:${userId}`, MAX_PASSKEY_FAILURES, now),
			this.failures.retryAfter(`c:${client}`, MAX_PASSKEY_FAILURES, now),
		);
	}

	recordFailure(userId: string, client: string, now = Date.now()) {
		this.failures.record(`u:${userId}`, now);
		this.failures.record(`c:${client}`, now);
	}

	recordSuccess(userId: string) {
		this.failures.forget(`u:${userId}`);
	}
}
