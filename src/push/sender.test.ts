import { describe, expect, test } from "bun:test";
import { MAX_PAYLOAD_BYTES, payloadText, retryAfterMs, topicOf } from "./message.ts";
import { pinnedRequest } from "./sender.ts";

describe("topicOf", () => {
	test("a short url-safe tag is its own topic; others become 32 url-safe characters", () => {
		expect(topicOf("alert-42")).toBe("alert-42");
		expect(topicOf("")).toBeUndefined();
		const long = topicOf("alert:42 with spaces and far too many characters");
		expect(long).toMatch(/^[A-Za-z0-9_-]{32}$/);
		expect(topicOf("alert:43 with spaces and far too many characters")).not.toBe(long);
	});
});

describe("payloadText", () => {
	test("a payload too big for one record is shortened in its body, the rest kept", () => {
		const payload = { title: "Milk", body: "é".repeat(4000), url: "/deals/1", tag: "alert-1" };
		const text = payloadText(payload);
		expect(Buffer.byteLength(text)).toBeLessThanOrEqual(MAX_PAYLOAD_BYTES);
		const parsed = JSON.parse(text);
		expect(parsed).toMatchObject({ title: "Milk", url: "/deals/1", tag: "alert-1" });
		expect(parsed.body).toEndWith("…");
		expect(parsed.body.length).toBeGreaterThan(1000);
		const small = { ...payload, body: "at Fresh Mart" };
		expect(payloadText(small)).toBe(JSON.stringify(small));
	});
});

describe("retryAfterMs", () => {
	test("seconds or a date; anything else is no wait", () => {
		expect(retryAfterMs("30")).toBe(30_000);
		expect(retryAfterMs(new Date(1_000_000 + 5_000).toUTCString(), 1_000_000)).toBe(5_000);
		expect(retryAfterMs("soon")).toBe(0);
		expect(retryAfterMs(null)).toBe(0);
	});
});

describe("pinnedRequest", () => {
	test("connects to the checked address, with the host in Host and TLS", () => {
		const headers = new Headers();
		const url = new URL("https://push.example:8443/send/abc?x=1");
		expect(pinnedRequest(url, ["203.0.114.9", "2606:4700::1"], 0, headers)).toEqual({
			url: "https://203.0.114.9:8443/send/abc?x=1",
			tls: { serverName: "push.example" },
		});
		expect(headers.get("host")).toBe("push.example:8443");
		// A retry after a network failure tries the next address.
		expect(pinnedRequest(url, ["203.0.114.9", "2606:4700::1"], 1, new Headers()).url).toBe(
			"https://[2606:4700::1]:8443/send/abc?x=1",
		);
	});

	test("an allowed origin or a literal address is fetched as it is", () => {
		const headers = new Headers();
		expect(pinnedRequest(new URL("http://127.0.0.1:9000/p"), [], 0, headers)).toEqual({
			url: "http://127.0.0.1:9000/p",
			tls: undefined,
		});
		expect(pinnedRequest(new URL("https://8.8.8.8/p"), ["8.8.8.8"], 0, headers).tls).toBeUndefined();
		expect(headers.has("host")).toBe(false);
	});
});
