import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
	expectBody,
	expectStatus,
	registerUser,
	startTestServer,
	type TestClient,
	type TestServer,
	uploadRoute,
} from "../test/harness.ts";
import { PNG } from "../test/images.ts";
import { spawnServer } from "../test/processes.ts";
import { newUploadKey } from "./signing.ts";
import { sweepOrphanUploads } from "./sweep.ts";

// Written out, not read from the module: the README promises a day.
const HOUR_MS = 60 * 60 * 1000;
const DAY_AND_A_BIT_AGO = (Date.now() - 24 * HOUR_MS - 60_000) / 1000;
const NEARLY_A_DAY_AGO = (Date.now() - 23 * HOUR_MS) / 1000;

let server: TestServer;
let client: TestClient;
beforeAll(async () => {
	server = await startTestServer();
	client = (await registerUser(server)).client;
});
afterAll(() => server.stop());

/** Uploads a photo through the signed URL, as the web app does, and returns its served path. */
async function upload(): Promise<string> {
	const { uploadURL } = expectBody(await client.post("/api/objects/upload"), 200);
	const res = await client.request("PUT", uploadRoute(uploadURL), {
		body: PNG,
		headers: { "content-type": "image/png" },
	});
	expectStatus(res, 200);
	return res.data.objectPath;
}

const fileOf = (path: string) => readdirSync(server.config.uploadsDir).find((n) => n.startsWith(path.slice(9)))!;
const age = (path: string, when = DAY_AND_A_BIT_AGO) => {
	const file = join(server.config.uploadsDir, fileOf(path));
	utimesSync(file, when, when);
};
const served = async (path: string) => (await server.client().requestRaw("GET", path)).status;

describe("sweeping photos nobody attached", () => {
	test("after a day, a photo no report or profile names is removed; named and recent ones stay", async () => {
		const onReport = await upload();
		const report = await client.post("/api/price-reports", {
			productName: "Pictured Milk",
			price: "3.49",
			categoryId: 3,
			storeName: "Photo Mart",
			storeAddress: "1 Lens St",
			imageUrl: onReport,
		});
		expect(report.status).toBe(201);
		const onProfile = await upload();
		expect((await client.put("/api/profile/photo", { photoURL: onProfile })).status).toBe(200);
		const abandoned = await upload();
		const recent = await upload();
		for (const path of [onReport, onProfile, abandoned]) age(path);
		age(recent, NEARLY_A_DAY_AGO); // abandoned 23 hours ago: the shopper may still send the form
		// A temporary file left by a write that crashed a day ago.
		const temp = join(server.config.uploadsDir, `.${"a".repeat(32)}.0123456789ab.tmp`);
		writeFileSync(temp, "half a photo");
		utimesSync(temp, DAY_AND_A_BIT_AGO, DAY_AND_A_BIT_AGO);

		expect(await sweepOrphanUploads(server.db, server.config.uploadsDir)).toEqual({ removed: 2 });
		expect(await served(abandoned)).toBe(404);
		expect(existsSync(temp)).toBe(false);
		expect(await served(onReport)).toBe(200);
		expect(await served(onProfile)).toBe(200);
		expect(await served(recent)).toBe(200);
		expect(await sweepOrphanUploads(server.db, server.config.uploadsDir)).toEqual({ removed: 0 });
	});

	test("a thousand and one abandoned photos are all removed (they are asked about in groups)", async () => {
		const dir = mkdtempSync(join(tmpdir(), "commoncents-sweep-many-"));
		try {
			for (let i = 0; i < 1001; i++) {
				const file = join(dir, `${newUploadKey("secret", "someone")}.png`);
				writeFileSync(file, PNG);
				utimesSync(file, DAY_AND_A_BIT_AGO, DAY_AND_A_BIT_AGO);
			}
			expect(await sweepOrphanUploads(server.db, dir)).toEqual({ removed: 1001 });
			expect(readdirSync(dir)).toEqual([]);
		} finally {
			rmSync(dir, { recursive: true, force: true });
		}
	});
});

describe("the running server", () => {
	const dataDir = mkdtempSync(join(tmpdir(), "commoncents-sweep-"));
	afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

	test("sweeps unattached photos soon after it starts (then hourly)", async () => {
		const uploads = join(dataDir, "uploads");
		mkdirSync(uploads, { recursive: true });
		const orphan = join(uploads, `${"b".repeat(32)}.png`);
		writeFileSync(orphan, PNG);
		utimesSync(orphan, DAY_AND_A_BIT_AGO, DAY_AND_A_BIT_AGO);
		const running = await spawnServer({ DATA_DIR: dataDir });
		try {
			const swept = () => running.logs().some((l) => l.msg === "uploads: removed unattached photos" && l.removed === 1);
			const deadline = Date.now() + 5_000;
			while (!swept() && Date.now() < deadline) await Bun.sleep(100);
			expect(swept()).toBe(true);
			expect(existsSync(orphan)).toBe(false);
		} finally {
			running.proc.kill("SIGTERM");
			await running.proc.exited;
		}
	});
});
