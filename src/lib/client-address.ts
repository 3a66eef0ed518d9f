import type { Context } from "hono";
import type { AppEnv } from "./context.ts";
import { addressBytes } from "./public-address.ts";

/** An IPv4 or IPv6 address as a proxy writes it (no port, no brackets). */
const ADDRESS = /^[0-9a-fA-F:.]{2,45}$/;

/** The first 80 bits zero and the next 16 set: an IPv4 address written as IPv6 (::ffff:a.b.c.d). */
const isMappedV4 = (bytes: number[]) =>
	bytes.length === 16 && bytes.slice(0, 10).every((b) => b === 0) && bytes[10] === 0xff && bytes[11] === 0xff;

/**
 * The key a per-address limit counts under. An IPv6 client is its /64: one household or phone is handed a
 * whole /64 and may take any address in it, so a limit on the whole address is one it steps around at will.
 * IPv4 addresses, and IPv4 addresses written as IPv6, stay whole; anything else is kept as it came.
 */
export function addressKey(address: string): string {
	const bytes = addressBytes(address);
	if (!bytes) return address;
	if (bytes.length === 4) return bytes.join(".");
	if (isMappedV4(bytes)) return bytes.slice(12).join(".");
	const hextets = [0, 2, 4, 6].map((i) => ((bytes[i]! << 8) | bytes[i + 1]!).toString(16));
	return `${hextets.join(":")}::/64`;
}

/**
 * The client's address, for the sign-up limit and the login, password and passkey throttles, as the key they
 * count under (addressKey). Directly exposed, the peer of the socket: X-Forwarded-For is ignored, since any
 * client can write it. Behind TRUST_PROXY proxies (a TLS terminator in front of the container), every socket
 * is the proxy's, which would make the per-address limits one limit for everybody; then the address is the
 * one the outermost trusted proxy appended, the TRUST_PROXY-th entry of X-Forwarded-For from the right
 * (entries further left are the client's own words).
 */
export function clientAddress(c: Context<AppEnv>): string {
	const hops = c.var.config?.trustProxy ?? 0;
	if (hops > 0) {
		const chain = (c.req.header("x-forwarded-for") ?? "").split(",").map((entry) => entry.trim());
		const address = chain.length >= hops ? chain[chain.length - hops] : undefined;
		if (address && ADDRESS.test(address)) return addressKey(address);
	}
	const peer = c.env?.server?.requestIP(c.req.raw)?.address;
	return peer ? addressKey(peer) : "local";
}
