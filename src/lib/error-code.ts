/** The code of an error, or of the error it wraps (Drizzle wraps SQLite's): "SQLITE_FULL", "ENOSPC". */
export function errorCode(error: unknown): string | undefined {
	for (let e = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
		const code = (e as { code?: unknown }).code;
		if (typeof code === "string") return code;
	}
	return undefined;
}
