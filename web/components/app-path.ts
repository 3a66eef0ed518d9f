/**
 * A link a message names ("/deals/42", "/gas") as a path of this app at `origin`, or null: a push message or a
 * live hit only ever opens a page of ours, never another site ("//evil.example", "https://…", "/\\evil.example").
 */
export function inAppPath(raw: unknown, origin: string): string | null {
	if (typeof raw !== "string" || !raw.startsWith("/") || raw.startsWith("//") || raw.startsWith("/\\")) return null;
	try {
		const url = new URL(raw, origin);
		return url.origin === origin ? `${url.pathname}${url.search}${url.hash}` : null;
	} catch {
		return null;
	}
}
