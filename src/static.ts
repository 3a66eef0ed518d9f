/**
 * Serves the built web app from files (embedded in the compiled binary, or on disk). Hashed files are cached
 * for a year as immutable; everything else (index.html, sw.js, the manifest, its icons) is revalidated every
 * time against an ETag. Text files go out precompressed, brotli before gzip, as Accept-Encoding allows.
 * Paths that are not files get index.html, so the client router can answer them.
 */
import { readFileSync } from "node:fs";

/** URL path ("/index.html") to a file path; precompressed twins sit beside as "/x.js.br" and "/x.js.gz". */
export type AssetManifest = Record<string, string>;
export type StaticAssets = { serve(req: Request): Response };

const HASHED = /-[a-z0-9]{8,}\.[a-z0-9]+$/;
const IMMUTABLE = "public, max-age=31536000, immutable";
const REVALIDATE = "no-cache";
const TYPES: Record<string, string> = {
	html: "text/html;charset=utf-8",
	js: "text/javascript;charset=utf-8",
	css: "text/css;charset=utf-8",
	svg: "image/svg+xml",
	json: "application/json;charset=utf-8",
	webmanifest: "application/manifest+json",
	txt: "text/plain;charset=utf-8",
	png: "image/png",
	wasm: "application/wasm",
};
const ENCODINGS = [
	{ name: "br", suffix: ".br" },
	{ name: "gzip", suffix: ".gz" },
] as const;

/** The codings a client accepts, from its Accept-Encoding (a q of 0 refuses one). */
export function acceptedEncodings(header: string | null): Set<string> {
	const accepted = new Set<string>();
	for (const part of (header ?? "").toLowerCase().split(",")) {
		const [name, ...params] = part.trim().split(";");
		if (!name) continue;
		const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
		if (q && !(Number(q.slice(2)) > 0)) continue;
		accepted.add(name.trim());
	}
	return accepted;
}

export function createStaticAssets(manifest: AssetManifest): StaticAssets {
	if (!manifest["/index.html"]) throw new Error("the web app build has no index.html");
	// Hashed lazily, once per file: reading every file at start-up would slow the first /health.
	const etags = new Map<string, string>();
	const etagOf = (urlPath: string, filePath: string) => {
		let tag = etags.get(urlPath);
		if (!tag) {
			tag = Bun.hash(readFileSync(filePath)).toString(36);
			etags.set(urlPath, tag);
		}
		return tag;
	};

	const respond = (req: Request, urlPath: string, filePath: string) => {
		const hashed = HASHED.test(urlPath);
		const ext = urlPath.slice(urlPath.lastIndexOf(".") + 1);
		const headers = new Headers({
			"Cache-Control": hashed ? IMMUTABLE : REVALIDATE,
			"Content-Type": TYPES[ext] ?? (Bun.file(filePath).type || "application/octet-stream"),
		});
		const twins = ENCODINGS.filter(({ suffix }) => manifest[urlPath + suffix]);
		if (twins.length > 0) headers.set("Vary", "Accept-Encoding");
		const accepted = acceptedEncodings(req.headers.get("accept-encoding"));
		const chosen = twins.find(({ name }) => accepted.has(name));
		const body = chosen ? (manifest[urlPath + chosen.suffix] as string) : filePath;
		if (chosen) headers.set("Content-Encoding", chosen.name);

		if (!hashed) {
			// One tag per file, marked per coding: each coding is a different byte stream of the same content.
			const tag = etagOf(urlPath, filePath);
			headers.set("ETag", `"${tag}${chosen ? `-${chosen.name}` : ""}"`);
			if (matches(req.headers.get("if-none-match"), tag)) {
				headers.delete("Content-Encoding");
				headers.delete("Content-Type");
				return new Response(null, { status: 304, headers });
			}
		}
		// Hono answers HEAD with GET's headers and no body, and Bun then counts that empty body: the length is
		// told here, so a HEAD says what a GET would send.
		if (req.method === "HEAD") headers.set("Content-Length", String(Bun.file(body).size));
		return new Response(Bun.file(body), { headers });
	};

	return {
		serve(req) {
			let urlPath: string;
			try {
				urlPath = decodeURIComponent(new URL(req.url).pathname);
			} catch {
				return notFound();
			}
			const twin = ENCODINGS.some(({ suffix }) => urlPath.endsWith(suffix));
			const filePath = twin ? undefined : manifest[urlPath];
			if (filePath) return respond(req, urlPath, filePath);
			// A missing file is a 404; any other path is a page of the app.
			if (/\.[a-z0-9]{1,12}$/i.test(urlPath)) return notFound();
			return respond(req, "/index.html", manifest["/index.html"] as string);
		},
	};
}

/** Weak comparison (RFC 9110 §13.1.2): W/ and the coding mark are ignored, `*` matches anything. */
function matches(ifNoneMatch: string | null, tag: string): boolean {
	if (!ifNoneMatch) return false;
	return ifNoneMatch.split(",").some((raw) => {
		const candidate = raw.trim().replace(/^W\//, "").replace(/^"|"$/g, "");
		return candidate === "*" || candidate === tag || candidate.replace(/-(?:br|gzip)$/, "") === tag;
	});
}

function notFound() {
	return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain;charset=utf-8" } });
}
