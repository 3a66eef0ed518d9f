import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { readFileSync } from "node:fs";
import { moderator, PASSKEY } from "../admin/testing.ts";
import { OPERATOR_HEADER, operatorKey } from "../lib/operator-key.ts";
import {
	expectBody,
	expectStatus,
	registerUser,
	startTestServer,
	type TestClient,
	type TestServer,
} from "../test/harness.ts";
import { fixture } from "./fixtures/fixtures.ts";
import { IMPORT_PIECE_BYTES } from "./schemas.ts";

// Sign-ups (argon2) and a server on a busy shared machine.
setDefaultTimeout(60_000);

let server: TestServer;
let mod: TestClient;
beforeAll(async () => {
	server = await startTestServer({ OLLAMA_HOST: "off", ADMIN_PASSKEY: PASSKEY });
	mod = (await moderator(server)).client;
});
afterAll(() => server.stop());

const piece = (client: TestClient, bytes: BodyInit, query: Record<string, string> = {}) =>
	client.requestRaw("POST", `/api/admin/imports/files?${new URLSearchParams({ name: "town.geojson", ...query })}`, {
		body: bytes,
		headers: { "content-type": "application/octet-stream" },
	});
const upload = async (client: TestClient, text: string) => {
	const res = await piece(client, text);
	expect(res.status).toBe(200);
	return (res.data as { file: string }).file;
};
const current = async (client: TestClient) => expectBody(await client.get("/api/admin/imports/current"), 200).import;
const ended = async (client: TestClient) => {
	for (;;) {
		const job = await current(client);
		if (job?.state !== "running") return job;
		await Bun.sleep(50);
	}
};

/** A town of `n` shops, each its own OSM node: enough batches that the import is still running when asked. */
const town = (n: number) =>
	JSON.stringify({
		type: "FeatureCollection",
		features: Array.from({ length: n }, (_, i) => ({
			type: "Feature",
			id: `node/${8_000_000 + i}`,
			properties: {
				shop: "convenience",
				name: `Corner Shop ${i}`,
				"addr:housenumber": String(i + 1),
				"addr:street": "Main Street",
				"addr:postcode": "90036",
			},
			geometry: { type: "Point", coordinates: [-118.344 + i * 1e-5, 34.072] },
		})),
	});

describe("the imports' guard", () => {
	test("a guest, a locked session, a wrong key and a key through a proxy are refused", async () => {
		expectStatus(await server.client().get("/api/admin/imports/current"), 401);
		const locked = (await registerUser(server)).client;
		expectStatus(await locked.get("/api/admin/imports/current"), 403);
		expectStatus(await piece(locked, "{}"), 403);
		const wrong = server.client({ [OPERATOR_HEADER]: "0".repeat(64) });
		expect((await wrong.get("/api/admin/imports/current")).data).toEqual({
			message: "The operator key does not match this data folder's secret",
		});
		const key = { [OPERATOR_HEADER]: operatorKey(server.config.secret) };
		const proxied = server.client({ ...key, "x-forwarded-for": "203.0.113.9" });
		expectStatus(await proxied.get("/api/admin/imports/current"), 403);
		// The key opens the imports and nothing else of the console.
		const operator = server.client(key);
		expectStatus(await operator.get("/api/admin/imports/current"), 200);
		expectStatus(await operator.get("/api/admin/users"), 401);
	});
});

describe("uploading and importing from the console", () => {
	test("pieces go in order; a lost one, an unknown upload and an oversized piece are refused", async () => {
		const text = readFileSync(fixture("overpass.geojson"), "utf8");
		const first = await piece(mod, text.slice(0, 100));
		const { file } = first.data as { file: string; bytes: number };
		expect(first.data).toEqual({ file: expect.stringMatching(/^[0-9a-f]{16}-town\.geojson$/), bytes: 100 });
		const skipped = await piece(mod, text.slice(200), { file, offset: "200" });
		expect({ status: skipped.status, data: skipped.data }).toEqual({
			status: 409,
			data: { message: "The file holds 100 bytes: send the piece at offset 100" },
		});
		expect((await piece(mod, text.slice(100), { file, offset: "100" })).data).toEqual({
			file,
			bytes: Buffer.byteLength(text),
		});
		expectStatus(await piece(mod, "x", { file: "0123456789abcdef-gone.geojson", offset: "0" }), 404);
		expectStatus(await piece(mod, new Uint8Array(IMPORT_PIECE_BYTES + 1)), 413);
		expectStatus(await piece(mod, ""), 400);

		const job = expectBody(await mod.post("/api/admin/imports", { kind: "osm", file }), 202);
		expect(job).toMatchObject({ kind: "osm", name: "town.geojson", state: "running" });
		const done = await ended(mod);
		expect(done).toMatchObject({ id: job.id, state: "done", read: 9, added: 4, leftOut: 5, message: null });
		expect(done?.lines.slice(1, 4)).toEqual(["took 4:", "  2 stores added", "  2 stations added"]);
		// Imported, the upload is gone.
		expectStatus(await mod.post("/api/admin/imports", { kind: "osm", file }), 404);
	});

	test("one import at a time: a second is refused while the first runs", async () => {
		const big = await upload(mod, town(1500));
		const other = await upload(mod, town(1));
		expectStatus(await mod.post("/api/admin/imports", { kind: "osm", file: big }), 202);
		const busy = await mod.post("/api/admin/imports", { kind: "osm", file: other });
		expect({ status: busy.status, data: busy.data }).toEqual({
			status: 409,
			data: { message: "An import is already running: wait for it to end" },
		});
		// The server answers meanwhile.
		expectStatus(await mod.get("/api/admin/imports/current"), 200);
		expect(await ended(mod)).toMatchObject({ state: "done", added: 1500 });
		expectStatus(await mod.post("/api/admin/imports", { kind: "osm", file: other }), 202);
		await ended(mod);
	});

	test("a bad request, a missing upload and a file past the limits are refused by name", async () => {
		const file = await upload(mod, `${JSON.stringify({ type: "header", padding: "x".repeat(200) })}\n`);
		const refused = async (body: Record<string, unknown>) => {
			const res = await mod.post("/api/admin/imports", body);
			return { status: res.status, message: res.data?.message };
		};
		expect(await refused({ kind: "csv", file })).toEqual({
			status: 400,
			message: "kind must be one of open-prices, osm, commoncents",
		});
		expect(await refused({ kind: "osm", file, locations: file })).toEqual({
			status: 400,
			message: "locations is for open-prices only",
		});
		expect(await refused({ kind: "osm", file: "0123456789abcdef-gone.geojson" })).toEqual({
			status: 404,
			message: "No uploaded file named 0123456789abcdef-gone.geojson: upload it first",
		});
		const tooLong = await refused({ kind: "commoncents", file, name: "export.jsonl", maxLineBytes: 64 });
		expect(tooLong.status).toBe(422);
		// Named as its sender named it, not where the server keeps it.
		expect(tooLong.message).toStartWith("line 1 of export.jsonl is longer than 64 bytes");
	});
});

describe("a server that stops mid-import", () => {
	test("stops the import between two batches, saying what it kept, and closes cleanly", async () => {
		const other = await startTestServer({ OLLAMA_HOST: "off" });
		const operator = other.client({ [OPERATOR_HEADER]: operatorKey(other.config.secret) });
		const file = await upload(operator, town(6000));
		expectStatus(await operator.post("/api/admin/imports", { kind: "osm", file }), 202);
		await other.stop();
		const job = other.runtime.imports.current();
		expect(job?.state).toBe("failed");
		expect(job?.message).toMatch(/^the import stopped: the server stopped; \d+ records were written before it/);
		expect(job?.added).toBeLessThan(6000);
	});
});
