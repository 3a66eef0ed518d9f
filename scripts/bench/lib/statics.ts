/**
 * Static delivery over HTTP against the running binary: compressed, immutable hashed assets; revalidated HTML
 * with an ETag; and the bytes a repeat visit costs (the HTML revalidated, the assets served from cache),
 * counted on the wire with a raw socket.
 */
const BROWSER_ENCODINGS = "gzip, deflate, br, zstd";
const IMMUTABLE = "public, max-age=31536000, immutable";
const HASHED = /-[a-z0-9]{8,}\.[a-z0-9]+$/;
const COMPRESSIBLE = /\.(?:js|css|html|svg|json|webmanifest|txt)$/;

export type AssetCheck = { path: string; brotli: string; gzip: string; cache: string; bytes: number; ok: boolean };
export type StaticResult = {
	html: { status: number; encoding: string; cache: string; etag: string | null; bytes: number; ok: boolean };
	assets: AssetCheck[];
	assetsOk: boolean;
	firstVisitBytes: number;
	repeat: { status: number; bytes: number; sentBytes: number; authCheckBytes: number };
};

async function get(url: string, headers: Record<string, string>) {
	const res = await fetch(url, { headers, decompress: false });
	const body = new Uint8Array(await res.arrayBuffer());
	return { res, bytes: body.length, body };
}

/** One request on a fresh connection; every byte received (status line, headers, body) is counted. */
function wire(base: string, path: string, headers: Record<string, string>) {
	const { hostname, port, host } = new URL(base);
	const request = [
		`GET ${path} HTTP/1.1`,
		`Host: ${host}`,
		...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
		"Connection: close",
		"",
		"",
	].join("\r\n");
	return new Promise<{ status: number; bytes: number; sentBytes: number }>((resolve, reject) => {
		let bytes = 0;
		let head = "";
		Bun.connect({
			hostname,
			port: Number(port),
			socket: {
				open: (s) => void s.write(request),
				data: (_s, chunk) => {
					bytes += chunk.length;
					if (head.length < 64) head += chunk.toString("latin1", 0, 64);
				},
				close: () =>
					resolve({
						status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0),
						bytes,
						sentBytes: Buffer.byteLength(request),
					}),
				error: (_s, error) => reject(error),
			},
		}).catch(reject);
	});
}

const browserHeaders = {
	"User-Agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36",
	Accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
	"Accept-Encoding": BROWSER_ENCODINGS,
	"Accept-Language": "en-US,en;q=0.9",
};

export async function checkStatic(base: string): Promise<StaticResult> {
	const page = await get(`${base}/`, { "Accept-Encoding": BROWSER_ENCODINGS });
	const etag = page.res.headers.get("etag");
	const cache = page.res.headers.get("cache-control") ?? "";
	const html = {
		status: page.res.status,
		encoding: page.res.headers.get("content-encoding") ?? "identity",
		cache,
		etag,
		bytes: page.bytes,
		ok: page.res.status === 200 && /\bno-cache\b/.test(cache) && Boolean(etag),
	};
	// The page's own references, read from the uncompressed HTML.
	const text = await (await fetch(`${base}/`)).text();
	// An API answer the page preloads (who is signed in) is data, not a static file: it is counted below.
	const paths = [...new Set([...text.matchAll(/(?:src|href)="(\/[^"?#]+)"/g)].map((m) => m[1]!))].filter(
		(p) => !p.startsWith("/api/"),
	);
	const assets: AssetCheck[] = [];
	for (const path of paths) {
		const br = await get(`${base}${path}`, { "Accept-Encoding": BROWSER_ENCODINGS });
		const gz = await get(`${base}${path}`, { "Accept-Encoding": "gzip" });
		const brotli = br.res.headers.get("content-encoding") ?? "identity";
		const gzip = gz.res.headers.get("content-encoding") ?? "identity";
		const assetCache = br.res.headers.get("cache-control") ?? "";
		const hashed = HASHED.test(path);
		const compressible = COMPRESSIBLE.test(path);
		const ok =
			br.res.status === 200 &&
			(!hashed || assetCache === IMMUTABLE) &&
			(!compressible || (brotli === "br" && gzip === "gzip"));
		assets.push({ path, brotli, gzip, cache: assetCache || "(none)", bytes: br.bytes, ok });
	}
	const repeatHeaders: Record<string, string> = { ...browserHeaders, "Cache-Control": "max-age=0" };
	if (etag) repeatHeaders["If-None-Match"] = etag;
	const repeat = await wire(base, "/", repeatHeaders);
	const auth = await wire(base, "/api/auth/user", { ...browserHeaders, Accept: "application/json" });
	return {
		html,
		assets,
		assetsOk: assets.length > 0 && assets.every((a) => a.ok),
		firstVisitBytes: page.bytes + assets.reduce((n, a) => n + a.bytes, 0),
		repeat: { status: repeat.status, bytes: repeat.bytes, sentBytes: repeat.sentBytes, authCheckBytes: auth.bytes },
	};
}
