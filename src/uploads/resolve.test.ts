import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import {
	expectBody,
	expectStatus,
	registerUser,
	startTestServer,
	type TestServer,
	uploadRoute,
} from "../test/harness.ts";
import { PNG } from "../test/images.ts";
import { resolveOwnUpload } from "./resolve.ts";
import { createUploadUrl, isUploadKeyOf } from "./signing.ts";

let server: TestServer;
let uploadURL: string;
let key: string;
let ownerId: string;
beforeAll(async () => {
	server = await startTestServer();
	const { client, user } = await registerUser(server);
	ownerId = user.id;
	uploadURL = expectBody(await client.post("/api/objects/upload"), 200).uploadURL;
	const res = await client.request("PUT", uploadRoute(uploadURL), {
		body: PNG,
		headers: { "content-type": "image/png" },
	});
	expectStatus(res, 200);
	key = res.data.objectPath.slice("/uploads/".length);
});
afterAll(() => server.stop());

const resolve = (url: string, userId = ownerId) => resolveOwnUpload(server.config, url, userId);

describe("resolveOwnUpload", () => {
	test("accepts the served path and the signed URL, relative or absolute, for a stored file", () => {
		const canonical = `/uploads/${key}`;
		expect(resolve(canonical)).toBe(canonical);
		expect(resolve(uploadURL)).toBe(canonical);
		expect(resolve(`${server.origin}${uploadURL}`)).toBe(canonical);
		expect(resolve(`https://commoncents.example${uploadURL}`)).toBe(canonical);
		expect(resolve(`/api/uploads/${key}`)).toBe(canonical);
		expect(resolve(`${server.origin}${canonical}`)).toBe(canonical);
	});

	test("refuses a key with nothing stored, even behind a valid signature", async () => {
		const { uploadURL: unused, key: unusedKey } = createUploadUrl(server.config.secret, ownerId);
		expect(resolve(unused)).toBeNull();
		expect(resolve(`/uploads/${unusedKey}`)).toBeNull();
	});

	test("refuses a stored photo for anyone but its uploader", () => {
		expect(resolve(`/uploads/${key}`, "someone-else")).toBeNull();
		expect(resolve(uploadURL, "someone-else")).toBeNull();
		expect(resolve(`/uploads/${key}`)).toBe(`/uploads/${key}`);
	});

	test("a key tells its uploader only under our secret", () => {
		expect(isUploadKeyOf(server.config.secret, key, ownerId)).toBe(true);
		expect(isUploadKeyOf("another-secret-of-at-least-32-characters", key, ownerId)).toBe(false);
		// Changing either half breaks it.
		const flip = (ch: string) => (ch === "a" ? "b" : "a");
		expect(isUploadKeyOf(server.config.secret, flip(key[0]!) + key.slice(1), ownerId)).toBe(false);
		expect(isUploadKeyOf(server.config.secret, key.slice(0, -1) + flip(key.at(-1)!), ownerId)).toBe(false);
	});

	test.each([
		["another site's photo", "https://evil.example/cat.png"],
		["another site's path that is not ours", "https://evil.example/images/uploads/x.png"],
		["a stored key in another folder", "/images/KEY"],
		["a stored key with its extension", "/uploads/KEY.png"],
		["a stored key in upper case", "/uploads/UPPERKEY"],
		["a key with more after it", "/uploads/KEY/more"],
		["a data URL", "data:image/png;base64,iVBORw0KGgo="],
		["a javascript URL", "javascript:alert(1)//uploads/KEY"],
		["an ftp URL", "ftp://example.com/uploads/KEY"],
		["a bare key", "KEY"],
		["an empty string", ""],
		["arbitrary text", "not a url at all"],
		["a climb out", "/uploads/../secret"],
	])("refuses %s", (_name, template) => {
		const url = template.replace("UPPERKEY", key.toUpperCase()).replace("KEY", key);
		expect(resolve(url)).toBeNull();
	});
});
