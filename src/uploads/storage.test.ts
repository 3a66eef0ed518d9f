import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { HttpError } from "../lib/http.ts";
import { PNG, TEXT } from "../test/images.ts";
import { receiveUpload, TOO_SLOW_MESSAGE } from "./storage.ts";

const dir = mkdtempSync(join(tmpdir(), "cc-storage-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
const newKey = () => `${"a".repeat(31)}${"bcdefghijk"[++n]}`;

const put = (body: BodyInit | ReadableStream<Uint8Array>) =>
	new Request("http://x/upload", { method: "PUT", body, duplex: "half" } as RequestInit);

/** A body that sends `first`, then a byte every `everyMs`, forever: a slow-drip upload. */
const drip = (everyMs: number, first: Uint8Array) =>
	new ReadableStream<Uint8Array>({
		start(controller) {
			controller.enqueue(first);
		},
		async pull(controller) {
			await Bun.sleep(everyMs);
			controller.enqueue(new Uint8Array([0x89]));
		},
	});

describe("receiveUpload", () => {
	test("a slow drip is cut off at the deadline, and its partial file removed", async () => {
		const started = performance.now();
		const error = await receiveUpload(dir, newKey(), put(drip(20, PNG)), 5_000_000, 150).catch((e) => e);
		expect(error).toBeInstanceOf(HttpError);
		expect(error.message).toBe(TOO_SLOW_MESSAGE);
		expect(performance.now() - started).toBeLessThan(1000);
		expect(readdirSync(dir)).toEqual([]);
	});

	test("a prompt body is stored byte for byte, readable by the binary's user only", async () => {
		const key = newKey();
		expect(await receiveUpload(dir, key, put(PNG), 5_000_000, 150)).toEqual({
			objectPath: `/uploads/${key}`,
			contentType: "image/png",
		});
		const stored = join(dir, `${key}.png`);
		expect(new Uint8Array(readFileSync(stored))).toEqual(new Uint8Array(PNG));
		expect((statSync(stored).mode & 0o777).toString(8)).toBe("600");
	});

	test("a body that is no image is refused on its first bytes, without waiting for the rest", async () => {
		const before = readdirSync(dir);
		// The drip never ends: only a refusal on the first bytes can answer before the deadline.
		const error = await receiveUpload(dir, newKey(), put(drip(20, new Uint8Array(TEXT))), 5_000_000, 5_000).catch(
			(e) => e,
		);
		expect(error).toBeInstanceOf(HttpError);
		expect(error.status).toBe(415);
		expect(readdirSync(dir)).toEqual(before);
	});

	test("pieces reach the disk as they arrive, before the body ends", async () => {
		let controller!: ReadableStreamDefaultController<Uint8Array>;
		const body = new ReadableStream<Uint8Array>({
			start(c) {
				controller = c;
			},
		});
		const key = newKey();
		const stored = receiveUpload(dir, key, put(body), 5_000_000, 5_000);
		controller.enqueue(new Uint8Array(PNG));
		controller.enqueue(new Uint8Array(100_000));
		const expected = PNG.byteLength + 100_000;
		const partial = () => readdirSync(dir).filter((f) => f.startsWith(`.${key}.`));
		const written = () => partial().reduce((sum, f) => sum + statSync(join(dir, f)).size, 0);
		for (let i = 0; i < 200 && written() < expected; i++) await Bun.sleep(5);
		expect(written()).toBe(expected);
		controller.close();
		expect((await stored).contentType).toBe("image/png");
		expect(partial()).toEqual([]);
		expect(statSync(join(dir, `${key}.png`)).size).toBe(expected);
	});
});
