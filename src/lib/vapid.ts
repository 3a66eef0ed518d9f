/**
 * The server's Web Push identity (VAPID, RFC 8292): a P-256 key pair that signs every request to a push
 * service. Browsers subscribe against the public key, so it must outlive restarts: it comes from the
 * environment or is made once and kept in the data folder, like the signing secret. Here, below the features,
 * because the configuration (src/env.ts) reads the keys and src/push's schemas check a browser's key the same way.
 */
import { createECDH, ECDH } from "node:crypto";
import { chmodSync, existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import webpush from "web-push";

export type VapidKeys = { publicKey: string; privateKey: string };
export type VapidDetails = VapidKeys & { subject: string };

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

/** The bytes of base64url text, or undefined when it is not base64url (Buffer alone would skip bad letters). */
export function base64urlBytes(text: string): Buffer | undefined {
	if (!BASE64URL.test(text)) return undefined;
	return Buffer.from(text, "base64url");
}

/** Whether text is a P-256 public key in base64url: an uncompressed point (65 bytes, 0x04 first) on the curve. */
export function isP256PublicKey(text: string) {
	const bytes = base64urlBytes(text);
	if (bytes?.length !== 65 || bytes[0] !== 0x04) return false;
	try {
		ECDH.convertKey(bytes, "prime256v1");
		return true;
	} catch {
		return false;
	}
}

/** The public key of a P-256 private key in base64url, or undefined when it is not one. */
function publicKeyOf(privateKey: string) {
	const bytes = base64urlBytes(privateKey);
	if (bytes?.length !== 32) return undefined;
	try {
		const ecdh = createECDH("prime256v1");
		ecdh.setPrivateKey(bytes);
		return ecdh.getPublicKey().toString("base64url");
	} catch {
		return undefined;
	}
}

/** What is wrong with a VAPID key pair given in the environment, or undefined (both given and matching, or neither). */
export function checkVapidKeys(publicKey: string | undefined, privateKey: string | undefined) {
	if (!publicKey && !privateKey) return undefined;
	if (!publicKey) return "VAPID_PUBLIC_KEY must be set with VAPID_PRIVATE_KEY (set both, or neither to use DATA_DIR)";
	if (!privateKey) return "VAPID_PRIVATE_KEY must be set with VAPID_PUBLIC_KEY (set both, or neither to use DATA_DIR)";
	if (!isP256PublicKey(publicKey))
		return "VAPID_PUBLIC_KEY must be a P-256 public key in base64url (87 characters), as web-push generate-vapid-keys makes";
	const derived = publicKeyOf(privateKey);
	if (!derived) return "VAPID_PRIVATE_KEY must be a P-256 private key in base64url (43 characters)";
	if (derived !== publicKey.replace(/=+$/, "")) return "VAPID_PUBLIC_KEY is not the public key of VAPID_PRIVATE_KEY";
	return undefined;
}

/**
 * The key pair kept in `file` (JSON, mode 600), made on the first start. A damaged file is refused, not
 * replaced: a new pair would silently end every browser's subscription.
 */
export function loadOrCreateVapidKeys(file: string): VapidKeys {
	if (existsSync(file)) {
		let keys: Partial<VapidKeys> = {};
		try {
			keys = JSON.parse(readFileSync(file, "utf8"));
		} catch {}
		const problem =
			typeof keys.publicKey === "string" && typeof keys.privateKey === "string"
				? checkVapidKeys(keys.publicKey, keys.privateKey)
				: "it is not a JSON object with publicKey and privateKey";
		if (problem) {
			throw new Error(
				`${file} is damaged (${problem.replace(/VAPID_(PUBLIC|PRIVATE)_KEY/g, (_, k: string) => `its ${k.toLowerCase()}Key`)}). ` +
					"Put back the one from your backup, or delete the file to have a new pair made (every browser then has to subscribe to push again)",
			);
		}
		if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
		return { publicKey: keys.publicKey as string, privateKey: keys.privateKey as string };
	}
	const { publicKey, privateKey } = webpush.generateVAPIDKeys();
	writeFileSync(file, `${JSON.stringify({ publicKey, privateKey })}\n`, { mode: 0o600 });
	chmodSync(file, 0o600);
	return { publicKey, privateKey };
}
