import { describe, expect, test } from "bun:test";
import { checkEndpoint, type Resolve } from "./endpoint.ts";

/** A resolver standing in for DNS: names to the addresses a test gives, anything else not found. */
const dns =
	(table: Record<string, string[]>): Resolve =>
	async (host) => {
		const addresses = table[host];
		if (!addresses) throw new Error(`ENOTFOUND ${host}`);
		return addresses;
	};

describe("checkEndpoint", () => {
	test("a host whose every address is public is sent to those addresses, IPv4 first", async () => {
		const target = await checkEndpoint(
			"https://push.example/send/abc",
			[],
			dns({ "push.example": ["2606:4700::1", "203.0.114.9"] }),
		);
		expect(target).toMatchObject({ ok: true, addresses: ["203.0.114.9", "2606:4700::1"] });
	});

	test("one private address among public ones is enough to refuse (DNS rebinding)", async () => {
		const target = await checkEndpoint("https://push.example/x", [], dns({ "push.example": ["8.8.8.8", "10.1.2.3"] }));
		expect(target).toEqual({
			ok: false,
			problem: "The push endpoint's host push.example resolves to a private address",
			temporary: false,
		});
	});

	test("a host that cannot be found is refused, and the failure may pass", async () => {
		expect(await checkEndpoint("https://gone.example/x", [], dns({}))).toEqual({
			ok: false,
			problem: "The push endpoint's host gone.example could not be found",
			temporary: true,
		});
		expect(await checkEndpoint("https://empty.example/x", [], dns({ "empty.example": [] }))).toMatchObject({
			ok: false,
			temporary: true,
		});
	});

	test("an allowed origin is taken as it is, http included, and nothing is looked up", async () => {
		const lookups: string[] = [];
		const resolve: Resolve = async (host) => {
			lookups.push(host);
			return ["127.0.0.1"];
		};
		expect(await checkEndpoint("http://push.lan:8080/x", ["http://push.lan:8080"], resolve)).toMatchObject({
			ok: true,
			addresses: [],
		});
		expect(lookups).toEqual([]);
		// Another port of the same host is another origin.
		expect(await checkEndpoint("http://push.lan:8081/x", ["http://push.lan:8080"], resolve)).toMatchObject({
			ok: false,
			problem: "The push endpoint must be an https URL",
		});
	});

	test("a literal public address needs no lookup; a literal private one is refused", async () => {
		expect(await checkEndpoint("https://8.8.8.8/x", [], dns({}))).toMatchObject({ ok: true, addresses: ["8.8.8.8"] });
		expect(await checkEndpoint("https://[fd00::1]/x", [], dns({}))).toMatchObject({
			ok: false,
			problem: "The push endpoint's host is a unique-local address",
		});
		expect(await checkEndpoint("https://100.64.1.1/x", [], dns({}))).toMatchObject({ ok: false });
		expect(await checkEndpoint("https://0.0.0.0/x", [], dns({}))).toMatchObject({ ok: false });
	});
});
