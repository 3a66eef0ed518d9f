/**
 * Login throttling, in memory (one process serves everything). Failures are counted per username and
 * per client address in a sliding window; past the limit, logins answer 429 until the window moves on.
 */
const WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_USERNAME = 5;
export const MAX_FAILURES_PER_CLIENT = 20;

export class LoginThrottle {
  private failures = new Map<string, number[]>();

  /** Seconds to wait before another try, or 0 when allowed. */
  retryAfter(username: string, client: string, now = Date.now()): number {
    const waits = [
      this.wait(`u:${username.toLowerCase()}`, MAX_FAILURES_PER_USERNAME, now),
      this.wait(`c:${client}`, MAX_FAILURES_PER_CLIENT, now),
    ];
    return Math.max(...waits);
  }

  recordFailure(username: string, client: string, now = Date.now()) {
    for (const key of [`u:${username.toLowerCase()}`, `c:${client}`]) {
      const list = this.recent(key, now);
      list.push(now);
      this.failures.set(key, list);
    }
    if (this.failures.size > 50_000) this.prune(now);
  }

  recordSuccess(username: string) {
    this.failures.delete(`u:${username.toLowerCase()}`);
  }

  private wait(key: string, limit: number, now: number): number {
    const list = this.recent(key, now);
    if (list.length < limit) return 0;
    const oldestThatCounts = list[list.length - limit] ?? now;
    return Math.max(1, Math.ceil((oldestThatCounts + WINDOW_MS - now) / 1000));
  }

  private recent(key: string, now: number): number[] {
    return (this.failures.get(key) ?? []).filter((t) => now - t < WINDOW_MS);
  }

  private prune(now: number) {
    for (const [key, list] of this.failures) {
      if (list.every((t) => now - t >= WINDOW_MS)) this.failures.delete(key);
    }
  }
}
