/**
 * /docs/api: the API reference page, Swagger UI rendering /api/openapi.json (decision 0066). Swagger UI's
 * files are embedded in the binary (imported as files) and served from here under their version, so the
 * page needs nothing from another site; its start is a script file of our own, so no inline script runs.
 */
import { promisify } from "node:util";
import { gzip } from "node:zlib";
import { Hono } from "hono";
import swaggerUi from "swagger-ui-dist/package.json" with { type: "json" };
import swaggerCssPath from "swagger-ui-dist/swagger-ui.css" with { type: "file" };
import bundlePath from "swagger-ui-dist/swagger-ui-bundle.js" with { type: "file" };
import type { AppEnv } from "../lib/context.ts";
import { notFound } from "../lib/http.ts";
import { acceptedEncodings } from "../static.ts";
import pageCss from "./reference-page.css" with { type: "text" };
import pageScript from "./reference-page.js" with { type: "text" };

export const REFERENCE_PATH = "/docs/api";

/**
 * What the page loads and nothing more: scripts and styles from here, Swagger UI's inline SVG icons (data:),
 * the contract and "Try it out" calls to this server.
 */
export const REFERENCE_CSP = [
	"default-src 'none'",
	"script-src 'self'",
	"style-src 'self'",
	"img-src 'self' data:",
	"connect-src 'self'",
	"base-uri 'none'",
	"form-action 'none'",
	"frame-ancestors 'none'",
].join("; ");

const IMMUTABLE = "public, max-age=31536000, immutable";
const JS = "text/javascript;charset=utf-8";
const CSS = "text/css;charset=utf-8";

type Asset = { type: string; bytes: () => Promise<Uint8Array> };

const utf8 = new TextEncoder();
const contentHash = (text: string) => Bun.hash(text).toString(36);
const fromText = (text: string) => async () => utf8.encode(text);
const fromFile = (path: string) => () => Bun.file(path).bytes();

/** Each file under a name that changes with its content (Swagger UI's version, our files' hash): cached for good. */
const names = {
	bundle: `swagger-ui-bundle-${swaggerUi.version}.js`,
	swaggerCss: `swagger-ui-${swaggerUi.version}.css`,
	script: `reference-${contentHash(pageScript)}.js`,
	css: `reference-${contentHash(pageCss)}.css`,
};

const ASSETS: ReadonlyMap<string, Asset> = new Map<string, Asset>([
	[names.bundle, { type: JS, bytes: fromFile(bundlePath) }],
	[names.swaggerCss, { type: CSS, bytes: fromFile(swaggerCssPath) }],
	[names.script, { type: JS, bytes: fromText(pageScript) }],
	[names.css, { type: CSS, bytes: fromText(pageCss) }],
]);

const gzipped = promisify(gzip);

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API reference · CommonCents</title>
<link rel="icon" type="image/png" href="/icons/icon-192.png">
<link rel="stylesheet" href="${REFERENCE_PATH}/${names.swaggerCss}">
<link rel="stylesheet" href="${REFERENCE_PATH}/${names.css}">
<script src="${REFERENCE_PATH}/${names.bundle}" defer></script>
<script src="${REFERENCE_PATH}/${names.script}" defer></script>
</head>
<body>
<header class="reference-bar">
<a href="/">Back to CommonCents</a>
<a href="/api/openapi.json">The OpenAPI document (JSON)</a>
</header>
<main>
<div id="swagger-ui">
<p class="reference-status" role="status">Loading the API reference…</p>
<noscript><p class="reference-status">This page needs JavaScript. The contract it shows is at <a href="/api/openapi.json">/api/openapi.json</a>.</p></noscript>
</div>
</main>
</body>
</html>
`;

/**
 * /docs/api: the page and its files. Each file is gzipped once, on its first ask, off the event loop (Swagger
 * UI's bundle shrinks to about a quarter), and kept for the app's life: the web app's files are compressed at
 * build time; these are not part of its build.
 */
export function apiReferenceRoutes() {
	const compressed = new Map<string, Promise<Uint8Array>>();
	const gzipOf = (name: string, asset: Asset) => {
		let bytes = compressed.get(name);
		if (!bytes) {
			bytes = asset.bytes().then((raw) => gzipped(raw, { level: 9 }));
			compressed.set(name, bytes);
		}
		return bytes;
	};
	return new Hono<AppEnv>()
		.get("/", (c) =>
			c.html(PAGE, 200, {
				"Content-Security-Policy": REFERENCE_CSP,
				// It names the current files; they are cached for good, the page is asked again each time.
				"Cache-Control": "no-cache",
			}),
		)
		.get("/:file", async (c) => {
			const name = c.req.param("file");
			const asset = ASSETS.get(name);
			if (!asset) throw notFound("Not found");
			const gzip = acceptedEncodings(c.req.header("accept-encoding") ?? null).has("gzip");
			const headers: Record<string, string> = {
				"Content-Type": asset.type,
				"Cache-Control": IMMUTABLE,
				Vary: "Accept-Encoding",
			};
			if (gzip) headers["Content-Encoding"] = "gzip";
			const body = gzip ? await gzipOf(name, asset) : await asset.bytes();
			return c.body(body as Uint8Array<ArrayBuffer>, 200, headers);
		});
}
