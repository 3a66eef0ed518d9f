import { describe, expect, test } from "bun:test";
import { addressBytes, isPublicAddress, nonPublicReason } from "./public-address.ts";

describe("nonPublicReason", () => {
	test.each([
		["127.0.0.1", "a loopback address"],
		["127.255.0.9", "a loopback address"],
		["10.0.0.1", "a private address"],
		["172.16.0.1", "a private address"],
		["172.31.255.255", "a private address"],
		["192.168.1.1", "a private address"],
		["169.254.169.254", "a link-local address"],
		["100.64.0.1", "a shared (carrier-grade NAT) address"],
		["100.127.255.255", "a shared (carrier-grade NAT) address"],
		["0.0.0.0", "an unspecified address"],
		["0.1.2.3", "an unspecified address"],
		["224.0.0.1", "a multicast address"],
		["239.255.255.250", "a multicast address"],
		["255.255.255.255", "a reserved address"],
		["::", "an unspecified address"],
		["::1", "a loopback address"],
		["[::1]", "a loopback address"],
		["fe80::1", "a link-local address"],
		["fe80::1%eth0", "a link-local address"],
		["fd00::1", "a unique-local address"],
		["fc12:3456::1", "a unique-local address"],
		["ff02::1", "a multicast address"],
		["::ffff:127.0.0.1", "a loopback address"],
		["::ffff:7f00:1", "a loopback address"],
		["::ffff:10.1.2.3", "a private address"],
		["::ffff:169.254.169.254", "a link-local address"],
		["64:ff9b::a00:1", "a private address"],
		["::127.0.0.1", "a loopback address"],
		["2002:c0a8:0101::1", "a private address"],
		["2001:db8::1", "a documentation address"],
		["3fff::1", undefined],
		["4000::1", "a reserved address"],
		["localhost", "not an IP address"],
		["example.com", "not an IP address"],
	])("%s is %s", (address, reason) => {
		expect(nonPublicReason(address)).toBe(reason);
	});

	test.each([
		"8.8.8.8",
		"1.1.1.1",
		"172.15.255.255",
		"172.32.0.1",
		"100.63.255.255",
		"100.128.0.1",
		"2606:4700::1111",
		"2a00:1450:4001::200e",
		"::ffff:8.8.8.8",
		"2002:0808:0808::1",
	])("%s is public", (address) => {
		expect(nonPublicReason(address)).toBeUndefined();
		expect(isPublicAddress(address)).toBe(true);
	});
});

describe("addressBytes", () => {
	test("reads IPv6 with a gap and a dotted tail", () => {
		expect(addressBytes("::ffff:1.2.3.4")).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 1, 2, 3, 4]);
		expect(addressBytes("2001:db8::8:800:200c:417a")?.slice(8)).toEqual([0, 8, 8, 0, 0x20, 0x0c, 0x41, 0x7a]);
	});
	test("is undefined for a name", () => {
		expect(addressBytes("push.example")).toBeUndefined();
	});
});
