import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync } from "node:zlib";
import { type AssetManifest, acceptedEncodings, createStaticAssets } from "./static.ts";
import { startTestServer, type TestServer } from "./test/harness.ts";

const IMMUTABLE = "public, max-age=31536000, immutable";
const FILES: Record<string, string> = {
	"/index.html": `<!doctype html><title>Test</title><script type="module" src="/app-abcd1234.js"></script>${"<!-- pad -->".repeat(40)}`,
	"/app-abcd1234.js": `console.log("hashed app chunk");\n${"export const x = 1;\n".repeat(60)}`,
	"/sw.js": `self.addEventListener("fetch", () => {});\n${"// pad\n".repeat(40)}`,
	"/manifest.webmanifest": JSON.stringify({ name: "CommonCents", start_url: "/", icons: [] }),
	"/icons/icon-192.png": "\x89PNG not really, but bytes",
	"/zxing_reader-abcd1234.wasm": "\0asm not really, but bytes",
};

let dir: string;
let server: ReturnType<typeof Bun.serve>;
let origin: string;
let app: TestServer;

beforeAll(async () => {
	dir = mkdtempSync(join(tmpdir(), "commoncents-static-"));
	const manifest: AssetManifest = {};
	for (const [url, text] of Object.entries(FILES)) {
		const path = join(dir, url);
		mkdirSync(join(path, ".."), { recursive: true });
		await Bun.write(path, text);
		manifest[url] = path;
		if (/\.(?:png|webmanifest|wasm)$/.test(url)) continue;
		await Bun.write(`${path}.gz`, Bun.gzipSync(text));
		manifest[`${url}.gz`] = `${path}.gz`;
		if (url === "/sw.js") continue; // a file with a gzip twin only
		await Bun.write(`${path}.br`, brotliCompressSync(text));
		manifest[`${url}.br`] = `${path}.br`;
	}
	const assets = createStaticAssets(manifest);
	server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: (req) => assets.serve(req) });
	origin = `http://127.0.0.1:${server.port}`;
	app = await startTestServer({}, { assets });
});

afterAll(async () => {
	await server.stop(true);
	await app.stop();
	rmSync(dir, { recursive: true, force: true });
});

/** Raw bytes as sent (no automatic decoding), so the test sees which twin went out. */
async function get(path: string, headers: Record<string, string> = {}) {
	const res = await fetch(`${origin}${path}`, { headers, decompress: false });
	const bytes = new Uint8Array(await res.arrayBuffer());
	const decoded = decode(bytes, res.headers.get("content-encoding"));
	return { status: res.status, headers: res.headers, bytes, text: new TextDecoder().decode(decoded) };
}

function decode(bytes: Uint8Array<ArrayBuffer>, encoding: string | null): Uint8Array {
	if (encoding === "br") return brotliDecompressSync(bytes);
	if (encoding === "gzip") return Bun.gunzipSync(bytes);
	return bytes;
}

describe("content coding", () => {
	const cases: [name: string, acceptEncoding: string | undefined, expected: string | null][] = [
		["brotli first when both are accepted", "gzip, deflate, br, zstd", "br"],
		["gzip when brotli is not accepted", "gzip, deflate", "gzip"],
		["gzip when brotli is refused with q=0", "br;q=0, gzip;q=0.8", "gzip"],
		["identity when nothing is accepted", undefined, null],
		["identity when only identity is accepted", "identity", null],
		["identity when both are refused", "br;q=0, gzip;q=0", null],
	];
	for (const [name, acceptEncoding, expected] of cases) {
		test(name, async () => {
			const res = await get("/app-abcd1234.js", acceptEncoding ? { "Accept-Encoding": acceptEncoding } : {});
			expect(res.status).toBe(200);
			expect(res.headers.get("content-encoding")).toBe(expected);
			expect(res.headers.get("vary")).toBe("Accept-Encoding");
			expect(res.headers.get("content-type")).toStartWith("text/javascript");
			expect(res.text).toBe(FILES["/app-abcd1234.js"] as string);
			if (expected === null) expect(res.bytes.length).toBe((FILES["/app-abcd1234.js"] as string).length);
			else expect(res.bytes.length).toBeLessThan((FILES["/app-abcd1234.js"] as string).length);
		});
	}

	test("a file with only a gzip twin falls back to gzip even when brotli is preferred", async () => {
		const res = await get("/sw.js", { "Accept-Encoding": "br, gzip" });
		expect(res.headers.get("content-encoding")).toBe("gzip");
		expect(res.headers.get("vary")).toBe("Accept-Encoding");
		expect(res.text).toBe(FILES["/sw.js"] as string);
	});

	test("a file without twins has no Vary and goes out as is", async () => {
		const res = await get("/icons/icon-192.png", { "Accept-Encoding": "br, gzip" });
		expect(res.headers.get("content-encoding")).toBeNull();
		expect(res.headers.get("vary")).toBeNull();
		expect(res.headers.get("content-type")).toBe("image/png");
	});

	test("acceptedEncodings reads names and refusals", () => {
		expect([...acceptedEncodings("gzip;q=1.0, br; q=0.5, zstd;q=0")]).toEqual(["gzip", "br"]);
		expect([...acceptedEncodings(null)]).toEqual([]);
	});
});

describe("caching", () => {
	test("hashed files are immutable for a year and carry no ETag", async () => {
		const res = await get("/app-abcd1234.js", { "Accept-Encoding": "br" });
		expect(res.headers.get("cache-control")).toBe(IMMUTABLE);
		expect(res.headers.get("etag")).toBeNull();
	});

	test("the barcode decoder's wasm goes out as application/wasm, which browsers compile as it streams", async () => {
		const res = await get("/zxing_reader-abcd1234.wasm", { "Accept-Encoding": "br" });
		expect(res.status).toBe(200);
		expect(res.headers.get("content-type")).toBe("application/wasm");
		expect(res.headers.get("cache-control")).toBe(IMMUTABLE);
	});

	const revalidated: [path: string, type: string][] = [
		["/", "text/html;charset=utf-8"],
		["/index.html", "text/html;charset=utf-8"],
		["/sw.js", "text/javascript;charset=utf-8"],
		["/manifest.webmanifest", "application/manifest+json"],
		["/icons/icon-192.png", "image/png"],
	];
	for (const [path, type] of revalidated) {
		test(`${path} is no-cache with an ETag, and a matching If-None-Match gets 304`, async () => {
			const first = await get(path, { "Accept-Encoding": "br" });
			expect(first.status).toBe(200);
			expect(first.headers.get("cache-control")).toBe("no-cache");
			expect(first.headers.get("content-type")).toBe(type);
			const etag = first.headers.get("etag");
			expect(etag).toMatch(/^"[a-z0-9]+(?:-br)?"$/);

			const again = await get(path, { "Accept-Encoding": "br", "If-None-Match": etag as string });
			expect(again.status).toBe(304);
			expect(again.bytes.length).toBe(0);
			expect(again.headers.get("etag")).toBe(etag);
			expect(again.headers.get("cache-control")).toBe("no-cache");

			const stale = await get(path, { "Accept-Encoding": "br", "If-None-Match": '"someoldtag"' });
			expect(stale.status).toBe(200);
		});
	}

	test("each coding has its own ETag, and any coding's tag revalidates the same content", async () => {
		const br = (await get("/", { "Accept-Encoding": "br" })).headers.get("etag") as string;
		const gzip = (await get("/", { "Accept-Encoding": "gzip" })).headers.get("etag") as string;
		const plain = (await get("/")).headers.get("etag") as string;
		expect(new Set([br, gzip, plain]).size).toBe(3);
		expect((await get("/", { "Accept-Encoding": "gzip", "If-None-Match": `W/${br}` })).status).toBe(304);
		expect((await get("/", { "If-None-Match": `"nope", ${gzip}` })).status).toBe(304);
		expect((await get("/", { "If-None-Match": "*" })).status).toBe(304);
	});

	test("different files have different ETags", async () => {
		const a = (await get("/sw.js")).headers.get("etag");
		const b = (await get("/manifest.webmanifest")).headers.get("etag");
		expect(a).not.toBe(b);
	});
});

describe("paths", () => {
	test("an app path that is not a file gets index.html", async () => {
		const res = await get("/gas", { "Accept-Encoding": "gzip" });
		expect(res.status).toBe(200);
		expect(res.text).toBe(FILES["/index.html"] as string);
		expect(res.headers.get("cache-control")).toBe("no-cache");
	});

	const missing = ["/missing.js", "/app-abcd1234.js.br", "/app-abcd1234.js.gz", "/icons/nope.png", "/%E0%A4%A"];
	for (const path of missing) {
		test(`${path} is 404`, async () => {
			const res = await get(path, { "Accept-Encoding": "br, gzip" });
			expect(res.status).toBe(404);
			expect(res.headers.get("content-type")).toStartWith("text/plain");
		});
	}

	test("a build without index.html is refused at start", () => {
		expect(() => createStaticAssets({ "/app.js": "/nowhere/app.js" })).toThrow(/index\.html/);
	});
});

describe("HEAD through the app", () => {
	test.each([
		["index.html, brotli", "/", "br"],
		["a hashed chunk, gzip", "/app-abcd1234.js", "gzip"],
		["an icon, as is", "/icons/icon-192.png", "identity"],
	])("%s: the length a GET would send, and no body", async (_name, path, coding) => {
		const headers = { "Accept-Encoding": coding };
		const got = await fetch(`${app.origin}${path}`, { headers, decompress: false });
		const length = (await got.arrayBuffer()).byteLength;
		const head = await fetch(`${app.origin}${path}`, { method: "HEAD", headers, decompress: false });
		expect(head.status).toBe(200);
		expect(Number(head.headers.get("content-length"))).toBe(length);
		expect(head.headers.get("content-encoding")).toBe(got.headers.get("content-encoding"));
		expect((await head.arrayBuffer()).byteLength).toBe(0);
	});
});
