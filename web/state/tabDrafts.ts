/**
 * Half-typed forms kept in this tab's sessionStorage, so a reload (or a phone browser discarding the tab in
 * the background) does not wipe them. Each is kept with the user it belongs to and forgotten at sign-out:
 * the next person on a shared device finds nothing of the last one's.
 */
const PREFIX = "commoncents.draft.";

type Stored<T> = { userId: string; value: T };

/** The kept value of `name` for this user, when there is one that `isValid` accepts. */
export function loadDraft<T>(name: string, userId: string, isValid: (value: unknown) => value is T): T | undefined {
	try {
		const raw = sessionStorage.getItem(PREFIX + name);
		if (!raw) return undefined;
		const stored = JSON.parse(raw) as Partial<Stored<unknown>>;
		return stored.userId === userId && isValid(stored.value) ? stored.value : undefined;
	} catch {
		return undefined; // storage refused (private mode, quota) or a value from another version: start afresh
	}
}

/** Keeps `value`; `undefined` forgets it (a form back to empty keeps nothing). */
export function saveDraft<T>(name: string, userId: string, value: T | undefined) {
	try {
		if (value === undefined) sessionStorage.removeItem(PREFIX + name);
		else sessionStorage.setItem(PREFIX + name, JSON.stringify({ userId, value } satisfies Stored<T>));
	} catch {
		// Storage is a convenience: a form that cannot be kept still works.
	}
}

/** Forgets every kept form of this tab. */
export function forgetDrafts() {
	try {
		for (const key of Object.keys(sessionStorage)) if (key.startsWith(PREFIX)) sessionStorage.removeItem(key);
	} catch {
		// nothing kept, nothing to forget
	}
}
