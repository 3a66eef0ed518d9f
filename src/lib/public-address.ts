/**
 * Whether an IP address is one of the public internet's, for requests to addresses a user chose (a push
 * subscription's endpoint): loopback, private, link-local, shared (CGNAT), documentation, multicast and
 * reserved ranges are not, nor an IPv6 address that carries one of those IPv4 addresses inside it.
 */
import { isIPv4, isIPv6 } from "node:net";

type Range = { bits: number[]; prefix: number; kind: string };

/** An address as its bits' bytes (4 for IPv4, 16 for IPv6), or undefined when it is not an IP address. */
export function addressBytes(address: string): number[] | undefined {
	const plain = address.replace(/^\[|\]$/g, "");
	if (isIPv4(plain)) return plain.split(".").map(Number);
	if (!isIPv6(plain)) return undefined;
	let text = plain.replace(/%.*$/, "");
	// A dotted IPv4 tail ("::ffff:10.0.0.1") as two hextets.
	const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
	if (dotted?.[1]) {
		const [a, b, c, d] = dotted[1].split(".").map(Number) as [number, number, number, number];
		text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
	}
	const [head = "", tail] = text.split("::");
	const part = (s: string) => (s === "" ? [] : s.split(":").map((h) => Number.parseInt(h, 16)));
	const left = part(head);
	const right = tail === undefined ? [] : part(tail);
	const hextets = [...left, ...new Array(8 - left.length - right.length).fill(0), ...right];
	return hextets.flatMap((h) => [h >> 8, h & 0xff]);
}

const v4 = (cidr: string, kind: string): Range => {
	const [ip = "", prefix] = cidr.split("/");
	return { bits: ip.split(".").map(Number), prefix: Number(prefix), kind };
};
const v6 = (cidr: string, kind: string): Range => {
	const [ip = "", prefix] = cidr.split("/");
	return { bits: addressBytes(ip) ?? [], prefix: Number(prefix), kind };
};

const V4_RANGES: Range[] = [
	v4("0.0.0.0/8", "an unspecified address"),
	v4("10.0.0.0/8", "a private address"),
	v4("100.64.0.0/10", "a shared (carrier-grade NAT) address"),
	v4("127.0.0.0/8", "a loopback address"),
	v4("169.254.0.0/16", "a link-local address"),
	v4("172.16.0.0/12", "a private address"),
	v4("192.0.0.0/24", "a reserved address"),
	v4("192.0.2.0/24", "a documentation address"),
	v4("192.168.0.0/16", "a private address"),
	v4("198.18.0.0/15", "a reserved address"),
	v4("198.51.100.0/24", "a documentation address"),
	v4("203.0.113.0/24", "a documentation address"),
	v4("224.0.0.0/4", "a multicast address"),
	v4("240.0.0.0/4", "a reserved address"),
];

/** IPv6 ranges that hold an IPv4 address in their last 32 bits (6to4 holds it in bits 16 to 48). */
const V6_CARRYING_V4: Range[] = [v6("::ffff:0:0/96", "mapped"), v6("64:ff9b::/96", "NAT64"), v6("::/96", "compatible")];

const V6_RANGES: Range[] = [
	v6("::/128", "an unspecified address"),
	v6("::1/128", "a loopback address"),
	v6("fc00::/7", "a unique-local address"),
	v6("fe80::/10", "a link-local address"),
	v6("fec0::/10", "a site-local address"),
	v6("ff00::/8", "a multicast address"),
	v6("100::/64", "a reserved address"),
	v6("2001:db8::/32", "a documentation address"),
	v6("2001::/23", "a reserved address"),
];

const SIX_TO_FOUR = v6("2002::/16", "6to4");
const GLOBAL_UNICAST = v6("2000::/3", "global unicast");

function inRange(bytes: number[], { bits, prefix }: Range) {
	for (let i = 0; i * 8 < prefix; i++) {
		const left = Math.min(8, prefix - i * 8);
		const mask = (0xff << (8 - left)) & 0xff;
		if (((bytes[i] ?? 0) & mask) !== ((bits[i] ?? 0) & mask)) return false;
	}
	return true;
}

/**
 * Why an address is not a public one ("a loopback address"), or undefined when it is public. Text that is
 * not an IP address is "not an IP address".
 */
export function nonPublicReason(address: string): string | undefined {
	const bytes = addressBytes(address);
	if (!bytes) return "not an IP address";
	if (bytes.length === 4) return V4_RANGES.find((r) => inRange(bytes, r))?.kind;
	// "::" and "::1" lie inside ::/96 too: the IPv6 meaning comes first.
	const own = V6_RANGES.find((r) => inRange(bytes, r))?.kind;
	if (own) return own;
	if (V6_CARRYING_V4.some((r) => inRange(bytes, r))) return nonPublicReason(bytes.slice(12).join("."));
	if (inRange(bytes, SIX_TO_FOUR)) return nonPublicReason(bytes.slice(2, 6).join("."));
	// Only 2000::/3 is handed out as global unicast; the rest of the IPv6 space is reserved.
	if (!inRange(bytes, GLOBAL_UNICAST)) return "a reserved address";
	return undefined;
}

export const isPublicAddress = (address: string) => nonPublicReason(address) === undefined;
