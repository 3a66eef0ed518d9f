import type { Context } from "hono";
import type { AppEnv } from "./context.ts";

/** An IPv4 or IPv6 address as a proxy writes it (no port, no brackets). */
const ADDRESS = /^[0-9a-fA-F:.]{2,45}$/;

/**
 * The client's address, for the login, password and passkey throttles. Directly exposed, the peer of the
 * socket: X-Forwarded-For is ignored, since any client can write it. Behind TRUST_PROXY proxies (a TLS
 * terminator in front of the container), every socket is the proxy's, which would make the per-address
 * limits one limit for everybody; then the address is the one the outermost trusted proxy appended, the
 * TRUST_PROXY-th entry of X-Forwarded-For from the right (entries further left are the client's own words).
 */
export function clientAddress(c: Context<AppEnv>): string {
	const hops = c.var.config?.trustProxy ?? 0;
	if (hops > 0) {
		const chain = (c.req.header("x-forwarded-for") ?? "").split(",").map((entry) => entry.trim());
		const address = chain.length >= hops ? chain[chain.length - hops] : undefined;
		if (address && ADDRESS.test(address)) return address;
	}
	return c.env?.server?.requestIP(c.req.raw)?.address ?? "local";
}
