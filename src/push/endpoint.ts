/**
 * Whether the server may send to a subscription's endpoint (server-side request forgery): the endpoint is a
 * URL the browser, that is the user, hands us. It must be https to a host whose every address is public,
 * unless its origin is one the operator listed in PUSH_ALLOWED_ORIGINS (tests, a self-hosted push server).
 */
import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import { nonPublicReason } from "../lib/public-address.ts";

/** A host's addresses; the system resolver unless a test gives its own. */
export type Resolve = (host: string) => Promise<string[]>;

const LOOKUP_TIMEOUT_MS = 5_000;

export const systemResolve: Resolve = async (host) => {
	const lookedUp = lookup(host, { all: true, verbatim: true });
	const timeout = new Promise<never>((_, reject) => {
		const timer = setTimeout(() => reject(new Error("lookup timed out")), LOOKUP_TIMEOUT_MS);
		void lookedUp.finally(() => clearTimeout(timer)).catch(() => {});
	});
	return (await Promise.race([lookedUp, timeout])).map((a) => a.address);
};

/**
 * Where to send: `addresses` are the checked addresses to connect to (the host is not looked up again, so a
 * second answer cannot differ: DNS rebinding); none for an allowed origin, which is fetched as it is.
 */
export type EndpointTarget =
	| { ok: true; url: URL; addresses: string[] }
	/** temporary: the host could not be looked up now (it may be later). */
	| { ok: false; problem: string; temporary?: boolean };

/** Checks an endpoint, resolving its host; never throws. */
export async function checkEndpoint(
	endpoint: string,
	allowedOrigins: readonly string[],
	resolve: Resolve = systemResolve,
): Promise<EndpointTarget> {
	const refuse = (problem: string, temporary = false) => ({ ok: false, problem, temporary }) as const;
	if (!URL.canParse(endpoint)) return refuse("The push endpoint is not a URL");
	const url = new URL(endpoint);
	if (url.username || url.password) return refuse("The push endpoint must not carry a user name or password");
	if (allowedOrigins.includes(url.origin)) return { ok: true, url, addresses: [] };
	if (url.protocol !== "https:") return refuse("The push endpoint must be an https URL");
	const host = url.hostname.replace(/^\[|\]$/g, "");
	if (isIP(host)) {
		const reason = nonPublicReason(host);
		return reason ? refuse(`The push endpoint's host is ${reason}`) : { ok: true, url, addresses: [host] };
	}
	let addresses: string[];
	try {
		addresses = await resolve(host);
	} catch {
		return refuse(`The push endpoint's host ${host} could not be found`, true);
	}
	if (addresses.length === 0) return refuse(`The push endpoint's host ${host} could not be found`, true);
	for (const address of addresses) {
		const reason = nonPublicReason(address);
		if (reason) return refuse(`The push endpoint's host ${host} resolves to ${reason}`);
	}
	// IPv4 first: a server without an IPv6 route still reaches a dual-stack push service.
	return { ok: true, url, addresses: [...addresses].sort((a, b) => isIP(a) - isIP(b)) };
}
