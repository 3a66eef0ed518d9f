/**
 * A link a message names ("/deals/42", "/gas") as a path of this app at `origin`, or null: a push message or a
 * live hit only ever opens a page of ours, never another site ("//evil.example", "https://…", "/\\evil.example").
 */
export function inAppPath(raw: unknown, origin: string): string | null {
	if (typeof raw !== "string" || !raw.startsWith("/") || raw.startsWith("//") || raw.startsWith("/\\")) return null;
	try {
		const url = new URL(raw, origin);
		// "/.//evil.example" resolves to the path "//evil.example", which a browser would read as another site.
		if (url.origin !== origin || url.pathname.startsWith("//") || url.pathname.startsWith("/\\")) return null;
		return `${url.pathname}${url.search}${url.hash}`;
	} catch {
		return null;
	}
}
