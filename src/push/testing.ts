/**
 * For tests: a push service on loopback that records what it is sent and answers what a test chooses, and a
 * browser's side of a subscription (its own key pair and auth secret) that decrypts a message itself, per
 * RFC 8291 and RFC 8188 with WebCrypto alone (not web-push, which encrypted it).
 */

import { eq } from "drizzle-orm";
import { pushSubscriptions } from "../../db/schema.ts";
import { registerUser, startTestServer } from "../test/harness.ts";
import type { PushPayload } from "./payload.ts";

export type ReceivedPush = { path: string; headers: Headers; body: Uint8Array<ArrayBuffer>; at: number };
/** count: the requests this endpoint (path) has had, this one included. */
type Answer = (request: { count: number; path: string }) => Response | Promise<Response>;

/** A push service on 127.0.0.1; list its origin in PUSH_ALLOWED_ORIGINS. Answers 201 unless told. */
export function startPushService() {
	const received: ReceivedPush[] = [];
	let answer: Answer = () => new Response(null, { status: 201 });
	const server = Bun.serve({
		port: 0,
		hostname: "127.0.0.1",
		async fetch(req) {
			const path = new URL(req.url).pathname;
			received.push({ path, headers: req.headers, body: new Uint8Array(await req.arrayBuffer()), at: Date.now() });
			return answer({ count: received.filter((r) => r.path === path).length, path });
		},
	});
	const origin = `http://127.0.0.1:${server.port}`;
	return {
		origin,
		received,
		/** A fresh endpoint on this service; the path stands for the capability a real service puts there. */
		endpoint: (name = crypto.randomUUID()) => `${origin}/push/${name}`,
		answerWith(next: Answer) {
			answer = next;
		},
		/** Answers each endpoint these statuses in turn (the last one from then on). */
		answerStatuses(...statuses: number[]) {
			answer = ({ count }) => new Response(null, { status: statuses[Math.min(count, statuses.length) - 1] ?? 201 });
		},
		stop: () => server.stop(true),
	};
}

type Bytes = Uint8Array<ArrayBuffer>;
const text = (s: string) => new TextEncoder().encode(s);
const concat = (...parts: Bytes[]) => {
	const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
	let at = 0;
	for (const p of parts) {
		out.set(p, at);
		at += p.length;
	}
	return out;
};
const fromBase64url = (s: string) => new Uint8Array(Buffer.from(s, "base64url"));

async function hkdf(salt: Bytes, ikm: Bytes, info: Bytes, bytes: number) {
	const key = await crypto.subtle.importKey("raw", ikm, "HKDF", false, ["deriveBits"]);
	return new Uint8Array(await crypto.subtle.deriveBits({ name: "HKDF", hash: "SHA-256", salt, info }, key, bytes * 8));
}

/** A browser's subscription to `endpoint`: its P-256 key pair and 16-byte auth secret, as PushSubscription.toJSON(). */
export async function browserSubscription(endpoint: string) {
	const pair = (await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, [
		"deriveBits",
	])) as CryptoKeyPair;
	const uaPublic = new Uint8Array(await crypto.subtle.exportKey("raw", pair.publicKey));
	const auth = crypto.getRandomValues(new Uint8Array(16));
	const json = {
		endpoint,
		expirationTime: null,
		keys: { p256dh: Buffer.from(uaPublic).toString("base64url"), auth: Buffer.from(auth).toString("base64url") },
	};

	/** The plaintext of an aes128gcm message (one record), as the browser's push stack would read it. */
	async function decrypt(message: Uint8Array): Promise<string> {
		const body: Bytes = new Uint8Array(message);
		const salt = body.slice(0, 16);
		const rs = new DataView(body.buffer, body.byteOffset + 16, 4).getUint32(0);
		const idlen = body[20] ?? 0;
		const asPublic = body.slice(21, 21 + idlen);
		const ciphertext = body.slice(21 + idlen);
		if (idlen !== 65 || asPublic[0] !== 0x04) throw new Error(`keyid is not a P-256 public key (${idlen} bytes)`);
		if (ciphertext.length > rs) throw new Error("more than one record");
		const serverKey = await crypto.subtle.importKey("raw", asPublic, { name: "ECDH", namedCurve: "P-256" }, false, []);
		const ecdhSecret = new Uint8Array(
			await crypto.subtle.deriveBits({ name: "ECDH", public: serverKey }, pair.privateKey, 256),
		);
		const ikm = await hkdf(auth, ecdhSecret, concat(text("WebPush: info\0"), uaPublic, asPublic), 32);
		const cek = await hkdf(salt, ikm, text("Content-Encoding: aes128gcm\0"), 16);
		const nonce = await hkdf(salt, ikm, text("Content-Encoding: nonce\0"), 12);
		const key = await crypto.subtle.importKey("raw", cek, "AES-GCM", false, ["decrypt"]);
		const padded = new Uint8Array(await crypto.subtle.decrypt({ name: "AES-GCM", iv: nonce }, key, ciphertext));
		let end = padded.length - 1;
		while (end >= 0 && padded[end] === 0) end--;
		if (padded[end] !== 0x02) throw new Error("the last record's padding delimiter (0x02) is missing");
		return new TextDecoder().decode(padded.slice(0, end));
	}

	return { json, decrypt };
}

/**
 * The claims of a request's VAPID Authorization header (`vapid t=JWT, k=KEY`), after checking that `k` is
 * `publicKey` and that the token is signed by it (ES256).
 */
export async function verifyVapid(authorization: string | null, publicKey: string) {
	const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization ?? "");
	if (!match?.[1] || !match[2]) throw new Error(`not a VAPID Authorization header: ${authorization}`);
	if (match[2] !== publicKey) throw new Error("k is not the server's public key");
	const [header = "", claims = "", signature = ""] = match[1].split(".");
	const key = await crypto.subtle.importKey(
		"raw",
		fromBase64url(publicKey),
		{ name: "ECDSA", namedCurve: "P-256" },
		false,
		["verify"],
	);
	const valid = await crypto.subtle.verify(
		{ name: "ECDSA", hash: "SHA-256" },
		key,
		fromBase64url(signature),
		text(`${header}.${claims}`),
	);
	if (!valid) throw new Error("the VAPID token's signature does not verify with the public key");
	return JSON.parse(Buffer.from(claims, "base64url").toString()) as { aud: string; exp: number; sub: string };
}

/**
 * A test server whose push goes to a push service on loopback (listed in PUSH_ALLOWED_ORIGINS), retrying
 * quickly; with a message, a shopper with one subscribed device, and a send that waits until it is done.
 */
export async function startPushTestBed() {
	const service = startPushService();
	const server = await startTestServer({ PUSH_ALLOWED_ORIGINS: service.origin });
	server.runtime.push.timing = { ...server.runtime.push.timing, baseDelayMs: 20, maxDelayMs: 200 };
	const payload: PushPayload = {
		title: "Milk: $2.49",
		body: "At Fresh Mart, 0.8 mi away",
		url: "/deals/7",
		tag: "alert-3",
	};
	return {
		service,
		server,
		payload,
		rowsFor: (endpoint: string) =>
			server.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint)).all(),
		/** A shopper with one subscribed device on the test push service. */
		async subscribedShopper() {
			const shopper = await registerUser(server);
			const device = await browserSubscription(service.endpoint());
			const res = await shopper.client.post("/api/push/subscriptions", device.json);
			if (res.status !== 201) throw new Error(`subscribe failed: ${res.status} ${JSON.stringify(res.data)}`);
			return { ...shopper, device };
		},
		/** Sends and waits until the sender has nothing left to do; answers the requests the endpoint got. */
		async sendTo(userId: string, endpoint: string, message = payload) {
			const before = service.received.length;
			server.runtime.push.send(userId, message);
			await server.runtime.push.idle();
			const path = new URL(endpoint).pathname;
			return service.received.slice(before).filter((r) => r.path === path);
		},
		async stop() {
			await server.stop();
			service.stop();
		},
	};
}
