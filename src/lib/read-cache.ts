/**
 * Answers of hot read routes (categories, nearby gas), kept as UTF-8 JSON while the database is unchanged
 * (encoded once: a response made from a string is encoded again on every request).
 *
 * An entry is served only while the database's change stamp is the one it was computed under, so a write is
 * visible to the very next read and nothing has to remember to invalidate. A short lifetime covers what
 * changes with the clock alone (a week's report count).
 */
export type ReadCache = {
	/**
	 * The JSON for `key`, as UTF-8: the cached one while still valid, else what `compute()` resolves to, stored
	 * under the change stamp read before it was computed (a write meanwhile makes it stale at once).
	 */
	json(key: string, compute: () => unknown): Promise<Uint8Array<ArrayBuffer>>;
};

/** A text that changes whenever the database's content may have (src/data/change-stamp.ts). */
export type ChangeStamp = () => string;

const utf8 = new TextEncoder();

export function createReadCache(changeStamp: ChangeStamp, { ttlMs = 2_000, maxEntries = 2_000 } = {}): ReadCache {
	const entries = new Map<string, { stamp: string; expires: number; bytes: Uint8Array<ArrayBuffer> }>();
	return {
		async json(key, compute) {
			const stamp = changeStamp();
			const now = Date.now();
			const hit = entries.get(key);
			if (hit && hit.stamp === stamp && hit.expires > now) return hit.bytes;
			const bytes = utf8.encode(JSON.stringify(await compute()));
			// Oldest first out: a Map keeps insertion order, and a refreshed key moves to the back.
			entries.delete(key);
			if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
			entries.set(key, { stamp, expires: now + ttlMs, bytes });
			return bytes;
		},
	};
}
