import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readdirSync } from "node:fs";
import { eq } from "drizzle-orm";
import { users } from "../../db/schema.ts";
import {
	expectStatus,
	registerUser,
	startTestServer,
	type TestClient,
	type TestServer,
	uploadRoute,
} from "../test/harness.ts";
import { GIF, JPEG, PNG, SVG, TEXT, WEBP } from "../test/images.ts";
import { createUploadUrl, MAX_UPLOAD_BYTES } from "./signing.ts";

// The documented limit (README, Decisions "At most 30 photos"), written out: a test that read the exported constant
// would pass whatever it became.
const MAX_UPLOADS_PER_HOUR = 30;

let server: TestServer;
beforeAll(async () => {
	server = await startTestServer();
});
afterAll(() => server.stop());

const INVALID = "Upload URL is invalid or has expired";
const storedFiles = () => readdirSync(server.config.uploadsDir).sort();
const keyOf = (uploadURL: string) => /^\/api\/uploads\/([a-z2-7]+)\?/.exec(uploadURL)?.[1] ?? "";

async function newUploadUrl(client: TestClient): Promise<string> {
	const res = await client.post("/api/objects/upload");
	expectStatus(res, 200);
	return res.data.uploadURL;
}

const put = (client: TestClient, url: string, body: BodyInit, contentType: string | null = "image/png") =>
	client.request("PUT", uploadRoute(url), { body, headers: contentType ? { "content-type": contentType } : {} });

/** Expects a 403 with the one invalid-URL message, and that nothing at all was written. */
async function expectRefused(client: TestClient, url: string) {
	const before = storedFiles();
	const res = await put(client, url, PNG);
	expect(res.status).toBe(403);
	expect(res.data).toEqual({ message: INVALID });
	expect(storedFiles()).toEqual(before);
}

describe("POST /api/objects/upload", () => {
	test("a signed-in user gets a relative, signed PUT URL with a server-made key, valid for a week", async () => {
		const { client } = await registerUser(server);
		const before = Math.floor(Date.now() / 1000);
		const url = await newUploadUrl(client);
		const match = /^\/api\/uploads\/([a-z2-7]{32})\?expires=(\d+)&sig=([0-9a-f]{64})$/.exec(url);
		expect(match).not.toBeNull();
		const expires = Number(match?.[2]);
		expect(expires).toBeGreaterThanOrEqual(before + 604_800);
		expect(expires).toBeLessThanOrEqual(before + 604_800 + 5);
		expect(keyOf(await newUploadUrl(client))).not.toBe(match?.[1]);
	});

	test("a guest gets 401, a suspended user 403", async () => {
		expect((await server.client().post("/api/objects/upload")).status).toBe(401);
		const { client, user } = await registerUser(server);
		server.db.update(users).set({ isTerminated: true, terminationReason: "Spam" }).where(eq(users.id, user.id)).run();
		const res = await client.post("/api/objects/upload");
		expectStatus(res, 403);
		expect(res.data.terminated).toBe(true);
	});
});

describe("PUT to the signed URL, then GET /uploads/:key", () => {
	test.each([
		["PNG", PNG, "image/png"],
		["JPEG", JPEG, "image/jpeg"],
		["WebP", WEBP, "image/webp"],
		["GIF", GIF, "image/gif"],
	] as const)("a %s is stored and served back byte for byte with its true type", async (_name, image, type) => {
		const { client } = await registerUser(server);
		const url = await newUploadUrl(client);
		// The declared type is ignored: the bytes decide.
		const res = await put(client, url, image, "application/octet-stream");
		expectStatus(res, 200);
		expect(res.data).toEqual({ objectPath: `/uploads/${keyOf(url)}`, contentType: type });

		const got = await fetch(`${server.origin}${res.data.objectPath}`);
		expect(got.status).toBe(200);
		expect(new Uint8Array(await got.arrayBuffer())).toEqual(image);
		expect(got.headers.get("content-type")).toBe(type);
		expect(got.headers.get("x-content-type-options")).toBe("nosniff");
		expect(got.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
		expect(got.headers.get("cross-origin-resource-policy")).toBe("same-origin");
		expect(got.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");

		// HEAD says what a GET would send.
		const head = await fetch(`${server.origin}${res.data.objectPath}`, { method: "HEAD" });
		expect(head.status).toBe(200);
		expect(head.headers.get("content-length")).toBe(String(image.byteLength));
		expect(head.headers.get("content-type")).toBe(type);
	});

	test("a body without any Content-Type is fine", async () => {
		const { client } = await registerUser(server);
		const res = await put(client, await newUploadUrl(client), JPEG, null);
		expectStatus(res, 200);
		expect(res.data.contentType).toBe("image/jpeg");
	});

	test("a URL works once: the second PUT gets 409 and the first photo stays", async () => {
		const { client } = await registerUser(server);
		const url = await newUploadUrl(client);
		expect((await put(client, url, PNG)).status).toBe(200);
		const again = await put(client, url, GIF);
		expect(again.status).toBe(409);
		expect(again.data).toEqual({ message: "This upload URL has already been used" });
		const got = await fetch(`${server.origin}/uploads/${keyOf(url)}`);
		expect(got.headers.get("content-type")).toBe("image/png");
		expect(storedFiles().filter((f) => f.startsWith(keyOf(url)))).toEqual([`${keyOf(url)}.png`]);
	});

	test("two PUTs racing on one URL: exactly one is stored", async () => {
		const { client } = await registerUser(server);
		const url = await newUploadUrl(client);
		const statuses = (await Promise.all([put(client, url, PNG), put(client, url, GIF)])).map((r) => r.status);
		expect(statuses.sort()).toEqual([200, 409]);
		expect(storedFiles().filter((f) => f.startsWith(keyOf(url)))).toHaveLength(1);
	});
});

describe("a URL that is not this user's, or not as signed, stores nothing", () => {
	test("a tampered signature, key or expiry each get 403", async () => {
		const { client } = await registerUser(server);
		const url = await newUploadUrl(client);
		const lastSigChar = url.at(-1) === "0" ? "1" : "0";
		await expectRefused(client, `${url.slice(0, -1)}${lastSigChar}`);
		await expectRefused(client, url.replace(/sig=[0-9a-f]+/, "sig=nothex"));
		await expectRefused(client, url.replace(/&sig=.*$/, ""));
		const otherKey = keyOf(await newUploadUrl(client));
		await expectRefused(client, url.replace(keyOf(url), otherKey));
		await expectRefused(
			client,
			url.replace(/expires=(\d+)/, (_m, e) => `expires=${Number(e) + 1}`),
		);
		await expectRefused(client, url.replace(/expires=(\d+)/, "expires=99999999999"));
		// None of those used the URL up: the genuine one still works.
		expect((await put(client, url, PNG)).status).toBe(200);
	});

	test("another user's session gets 403; a guest 401", async () => {
		const { client: owner } = await registerUser(server);
		const { client: other } = await registerUser(server);
		const url = await newUploadUrl(owner);
		await expectRefused(other, url);
		const guest = await put(server.client(), url, PNG);
		expect(guest.status).toBe(401);
		expect(storedFiles().some((f) => f.startsWith(keyOf(url)))).toBe(false);
	});

	test("a PUT from another site, or without an Origin, gets 403 like every write; the URL still works after", async () => {
		const { client } = await registerUser(server);
		const url = await newUploadUrl(client);
		const send = (origin: string | null) =>
			client.request("PUT", uploadRoute(url), { body: PNG, headers: { "content-type": "image/png" }, origin });
		const foreign = await send("https://evil.example");
		expect(foreign.status).toBe(403);
		expect(foreign.data.message).toBe("Cross-site request refused");
		const none = await send(null);
		expect(none.status).toBe(403);
		expect(none.data.message).toBe("Cross-site request refused: the Origin header is missing");
		expect(storedFiles().some((f) => f.startsWith(keyOf(url)))).toBe(false);
		expect((await put(client, url, PNG)).status).toBe(200);
	});

	test("an expired URL gets 403", async () => {
		const { client, user } = await registerUser(server);
		const { uploadURL } = createUploadUrl(server.config.secret, user.id, { ttlSeconds: -1 });
		await expectRefused(client, uploadURL);
	});

	test("a URL signed with another secret gets 403", async () => {
		const { client, user } = await registerUser(server);
		const { uploadURL } = createUploadUrl("another-secret-of-at-least-32-characters", user.id);
		await expectRefused(client, uploadURL);
	});
});

describe("the file itself", () => {
	const oversized = () => {
		const body = new Uint8Array(MAX_UPLOAD_BYTES + 1);
		body.set(PNG);
		return body;
	};

	test("5 MB is accepted; 5 MB and one byte gets 413", async () => {
		const { client } = await registerUser(server);
		const exact = oversized().subarray(0, MAX_UPLOAD_BYTES);
		expect((await put(client, await newUploadUrl(client), exact)).status).toBe(200);
		const before = storedFiles();
		const res = await put(client, await newUploadUrl(client), oversized());
		expect(res.status).toBe(413);
		expect(res.data).toEqual({ message: "Photo must be 5 MB or smaller" });
		expect(storedFiles()).toEqual(before);
	});

	test("a chunked body with no Content-Length is counted, and refused past 5 MB", async () => {
		const { client } = await registerUser(server);
		const chunk = oversized().subarray(0, 1024 * 1024);
		const stream = new ReadableStream<Uint8Array>({
			start(controller) {
				for (let i = 0; i < 6; i++) controller.enqueue(chunk);
				controller.close();
			},
		});
		const before = storedFiles();
		const res = await put(client, await newUploadUrl(client), stream);
		expect(res.status).toBe(413);
		expect(storedFiles()).toEqual(before);
	});

	test.each([
		["a text file", TEXT, "image/jpeg"],
		["an SVG", SVG, "image/png"],
		["an SVG declared as SVG", SVG, "image/svg+xml"],
		// A JPEG's first two bytes, then not a JPEG marker: the sniffer wants all three.
		["two JPEG bytes", new Uint8Array([0xff, 0xd8, 0x00, ...TEXT]), "image/jpeg"],
	] as const)("%s is refused with 415 whatever it claims to be", async (_name, body, type) => {
		const { client } = await registerUser(server);
		const url = await newUploadUrl(client);
		const before = storedFiles();
		const res = await put(client, url, body, type);
		expect(res.status).toBe(415);
		expect(res.data).toEqual({ message: "Photo must be a JPEG, PNG, WebP or GIF image" });
		expect(storedFiles()).toEqual(before);
	});

	test("a refused file does not use up its URL: the shopper's next try on it is stored", async () => {
		const { client } = await registerUser(server);
		const url = await newUploadUrl(client);
		expect((await put(client, url, TEXT)).status).toBe(415);
		expect((await put(client, url, new Uint8Array(0))).status).toBe(400);
		const retry = await put(client, url, PNG);
		expectStatus(retry, 200);
		expect(retry.data.contentType).toEqual("image/png");
		expect((await fetch(`${server.origin}/uploads/${keyOf(url)}`)).status).toBe(200);
	});

	test("an empty body gets 400", async () => {
		const { client } = await registerUser(server);
		const res = await put(client, await newUploadUrl(client), new Uint8Array(0));
		expect(res.status).toBe(400);
		expect(res.data.message).toBe("The photo file is empty");
	});

	test("no temporary file is left behind", () => {
		expect(storedFiles().filter((f) => f.endsWith(".tmp"))).toEqual([]);
	});
});

describe("the upload quota", () => {
	test(`an account stores at most ${MAX_UPLOADS_PER_HOUR} photos an hour; then 429 with Retry-After, nothing written`, async () => {
		const { client } = await registerUser(server);
		const urls = await Promise.all(Array.from({ length: MAX_UPLOADS_PER_HOUR + 1 }, () => newUploadUrl(client)));
		const statuses = await Promise.all(urls.slice(0, MAX_UPLOADS_PER_HOUR).map((url) => put(client, url, PNG)));
		expect(statuses.map((r) => r.status)).toEqual(Array(MAX_UPLOADS_PER_HOUR).fill(200));
		const before = storedFiles();
		const refused = await put(client, urls[MAX_UPLOADS_PER_HOUR]!, PNG);
		expect(refused.status).toBe(429);
		expect(refused.data.message).toMatch(/^You have uploaded a lot of photos\. Try again in \d+ minute\(s\)\.$/);
		expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(3000);
		expect(storedFiles()).toEqual(before);
		// Another shopper is not held back.
		const other = (await registerUser(server)).client;
		expect((await put(other, await newUploadUrl(other), PNG)).status).toBe(200);
	});
});

describe("GET /uploads/:key only serves stored keys", () => {
	test.each([
		["an unknown key", `/uploads/${"a".repeat(32)}`],
		["a key with its extension", `/uploads/${"b".repeat(32)}.png`],
		["a short key", "/uploads/abc"],
		["an encoded climb out", "/uploads/..%2F..%2Fcommoncents.db"],
		["an encoded climb to the secret", "/uploads/%2e%2e%2fsecret"],
		["a dotted name", "/uploads/..secret"],
	])("%s is a JSON 404", async (_name, path) => {
		const res = await server.client().requestRaw("GET", path);
		expect(res.status).toBe(404);
		expect(res.data).toMatchObject({ message: expect.any(String) });
	});

	test("a hidden temporary name is not served", async () => {
		const res = await server.client().requestRaw("GET", `/uploads/.${"c".repeat(32)}.0123456789ab.tmp`);
		expect(res.status).toBe(404);
	});
});
