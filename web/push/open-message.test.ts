import { describe, expect, test } from "bun:test";
import { appPath, isOpenInApp, OPEN_IN_APP } from "./open-message.ts";

const ORIGIN = "https://commoncents.example";

describe("appPath", () => {
	test("keeps a path of the app, with its query and anchor", () => {
		expect(appPath("/deals/42", ORIGIN)).toBe("/deals/42");
		expect(appPath("/settings?x=1#car", ORIGIN)).toBe("/settings?x=1#car");
	});

	test.each([
		["https://evil.example/deals/1"],
		["//evil.example/deals/1"],
		["/\\evil.example"],
		["/.//evil.example"],
		["/%2e//evil.example"],
		["/a/..//evil.example"],
		["javascript:alert(1)"],
		["deals/1"],
		[""],
		[42],
		[null],
		[undefined],
	])("opens the home page for %p", (raw) => {
		expect(appPath(raw, ORIGIN)).toBe("/");
	});
});

test("isOpenInApp reads only our own message", () => {
	expect(isOpenInApp({ type: OPEN_IN_APP, path: "/deals/1" })).toBe(true);
	expect(isOpenInApp({ type: OPEN_IN_APP })).toBe(false);
	expect(isOpenInApp({ type: "other", path: "/" })).toBe(false);
	expect(isOpenInApp("commoncents:open")).toBe(false);
	expect(isOpenInApp(null)).toBe(false);
});
