import { describe, expect, test } from "bun:test";
import { SlidingWindow } from "./sliding-window.ts";

// Times are milliseconds on the window's own clock (each call's `now`); a one-second window throughout.
describe("SlidingWindow", () => {
	test("counts events for a window's length, then lets them go; the wait names when the oldest leaves", () => {
		const w = new SlidingWindow(1000);
		w.record("k", 0);
		w.record("k", 400);
		expect(w.retryAfter("k", 2, 500)).toBe(1); // the event at 0 leaves at 1000: half a second, rounded up
		expect(w.retryAfter("k", 3, 500)).toBe(0);
		expect(w.retryAfter("k", 2, 1000)).toBe(0);
		expect(w.retryAfter("other", 1, 500)).toBe(0);
	});

	test("take() refused records nothing: retrying while over the limit does not push the window on", () => {
		const w = new SlidingWindow(1000);
		expect(w.take("k", 2, 0)).toBe(0);
		expect(w.take("k", 2, 1)).toBe(0);
		expect(w.take("k", 2, 500)).toBeGreaterThan(0);
		expect(w.take("k", 2, 900)).toBeGreaterThan(0);
		// The event at 0 has left; the refused tries at 500 and 900 never counted.
		expect(w.take("k", 2, 1000)).toBe(0);
	});

	test("unrecord() takes back the very event, the first one included", () => {
		const w = new SlidingWindow(1000);
		w.record("c", 5);
		w.unrecord("c", 5);
		expect(w.retryAfter("c", 1, 6)).toBe(0);
		w.record("c", 7);
		w.record("c", 8);
		w.unrecord("c", 8);
		expect(w.retryAfter("c", 2, 9)).toBe(0);
		expect(w.retryAfter("c", 1, 9)).toBe(1);
	});

	test("past its key limit it drops only keys with nothing left in the window", () => {
		const w = new SlidingWindow(1000, 2);
		w.record("a", 0);
		w.record("a", 900); // "a" still has this one at 1100
		w.record("b", 1100);
		w.record("c", 1100); // a third key: the prune runs
		expect(w.retryAfter("a", 1, 1100)).toBeGreaterThan(0);
	});

	test("forget() clears a key", () => {
		const w = new SlidingWindow(1000);
		w.record("k", 0);
		w.forget("k");
		expect(w.retryAfter("k", 1, 1)).toBe(0);
	});
});
