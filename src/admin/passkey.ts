/**
 * The developer passkey check. Both sides are hashed with SHA-256 first, so the comparison is constant-time
 * and of equal lengths whatever was typed. Wrong guesses are throttled harder than logins: one passkey
 * opens the console for everyone who knows it, so five wrong tries per account and per client address in
 * 15 minutes, then 429.
 */
import { sha256 } from "@oslojs/crypto/sha2";
import { constantTimeEqual } from "@oslojs/crypto/subtle";
import type { Config } from "../env.ts";

const WINDOW_MS = 15 * 60 * 1000;
export const MAX_PASSKEY_FAILURES = 5;

const digest = (text: string) => sha256(new TextEncoder().encode(text));

export function passkeyMatches(expected: string, given: string): boolean {
  return constantTimeEqual(digest(expected), digest(given));
}

export class PasskeyThrottle {
  private failures = new Map<string, number[]>();

  /** Seconds to wait before another try, or 0 when allowed. */
  retryAfter(userId: string, client: string, now = Date.now()): number {
    return Math.max(this.wait(`u:${userId}`, now), this.wait(`c:${client}`, now));
  }

  recordFailure(userId: string, client: string, now = Date.now()) {
    for (const key of [`u:${userId}`, `c:${client}`]) this.failures.set(key, [...this.recent(key, now), now]);
    if (this.failures.size > 10_000) {
      for (const key of [...this.failures.keys()]) if (this.recent(key, now).length === 0) this.failures.delete(key);
    }
  }

  recordSuccess(userId: string) {
    this.failures.delete(`u:${userId}`);
  }

  private wait(key: string, now: number): number {
    const list = this.recent(key, now);
    if (list.length < MAX_PASSKEY_FAILURES) return 0;
    const oldestThatCounts = list[list.length - MAX_PASSKEY_FAILURES] ?? now;
    return Math.max(1, Math.ceil((oldestThatCounts + WINDOW_MS - now) / 1000));
  }

  private recent(key: string, now: number): number[] {
    return (this.failures.get(key) ?? []).filter((t) => now - t < WINDOW_MS);
  }
}

/**
 * One throttle per app: keyed by the app's configuration object, which createApp hands to every request,
 * so two apps in one process (the tests run several) never share counts.
 */
const throttles = new WeakMap<Config, PasskeyThrottle>();
export function passkeyThrottleFor(config: Config): PasskeyThrottle {
  let throttle = throttles.get(config);
  if (!throttle) {
    throttle = new PasskeyThrottle();
    throttles.set(config, throttle);
  }
  return throttle;
}
