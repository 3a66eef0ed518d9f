import { afterEach, describe, expect, test } from "bun:test";
import { chmodSync, existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ConfigError, DEFAULT_VAPID_SUBJECT, ENV_VARIABLES, loadConfig } from "./env.ts";

const dirs: string[] = [];
const tempDir = () => {
	const dir = mkdtempSync(join(tmpdir(), "commoncents-env-"));
	dirs.push(dir);
	return dir;
};
afterEach(() => {
	for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("loadConfig", () => {
	test("defaults: port 3000, the database and uploads under DATA_DIR, console disabled", () => {
		const dir = tempDir();
		const config = loadConfig({ DATA_DIR: dir });
		expect(config.port).toBe(3000);
		expect(config.dbPath).toBe(join(dir, "commoncents.db"));
		expect(config.uploadsDir).toBe(join(dir, "uploads"));
		expect(config.adminPasskey).toBeUndefined();
		expect(config.nodeEnv).toBe("production");
		expect(config.trustProxy).toBe(0);
		expect(config.signupsPerHour).toBe(10);
		expect(config.reportsPerHour).toBe(120);
		// Reports on their own thread wherever a second core can run it.
		expect(config.reportWriter).toBe(navigator.hardwareConcurrency >= 2 ? "thread" : "inline");
	});

	test("a secret is made once, kept private in DATA_DIR, and reused", () => {
		const dir = tempDir();
		const first = loadConfig({ DATA_DIR: dir }).secret;
		expect(first).toMatch(/^[0-9a-f]{64}$/);
		expect(statSync(join(dir, "secret")).mode & 0o777).toBe(0o600);
		expect(loadConfig({ DATA_DIR: dir }).secret).toBe(first);
		expect(loadConfig({ DATA_DIR: dir, SECRET: "s".repeat(40) }).secret).toBe("s".repeat(40));
	});

	test("an emptied or cut secret file is refused, and an open one is made private again", () => {
		const dir = tempDir();
		const file = join(dir, "secret");
		writeFileSync(file, "\n");
		expect(() => loadConfig({ DATA_DIR: dir })).toThrow(`${file} holds 0 characters; a secret needs at least 32`);
		writeFileSync(file, "short-secret\n");
		expect(() => loadConfig({ DATA_DIR: dir })).toThrow(ConfigError);
		// SECRET in the environment wins over the file.
		expect(loadConfig({ DATA_DIR: dir, SECRET: "e".repeat(32) }).secret).toBe("e".repeat(32));
		writeFileSync(file, `${"k".repeat(64)}\n`, { mode: 0o644 });
		chmodSync(file, 0o644);
		expect(loadConfig({ DATA_DIR: dir }).secret).toBe("k".repeat(64));
		expect(statSync(file).mode & 0o777).toBe(0o600);
	});

	test(".env.example and the README's table list every variable the app reads", async () => {
		const example = await Bun.file(join(import.meta.dir, "../.env.example")).text();
		const readme = await Bun.file(join(import.meta.dir, "../README.md")).text();
		expect(ENV_VARIABLES.length).toBeGreaterThan(10);
		expect(ENV_VARIABLES.filter((name) => !example.includes(`\n${name}=`))).toEqual([]);
		expect(ENV_VARIABLES.filter((name) => !readme.includes(`| \`${name}\` |`))).toEqual([]);
	});

	test("bad values are named", () => {
		const dir = tempDir();
		expect(() => loadConfig({ DATA_DIR: dir, PORT: "eighty" })).toThrow(/PORT: PORT must be a whole number/);
		expect(() => loadConfig({ DATA_DIR: dir, SECRET: "short" })).toThrow(/SECRET must be at least 32 characters/);
		expect(() => loadConfig({ DATA_DIR: dir, TRUST_PROXY: "yes" })).toThrow(
			/TRUST_PROXY: TRUST_PROXY must be the number of proxies/,
		);
		expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: "1" }).trustProxy).toBe(1);
		expect(() => loadConfig({ DATA_DIR: dir, SIGNUPS_PER_HOUR: "-1" })).toThrow(
			/SIGNUPS_PER_HOUR: SIGNUPS_PER_HOUR must be the accounts/,
		);
		expect(loadConfig({ DATA_DIR: dir, SIGNUPS_PER_HOUR: "0" }).signupsPerHour).toBe(0);
		expect(() => loadConfig({ DATA_DIR: dir, REPORTS_PER_HOUR: "lots" })).toThrow(
			/REPORTS_PER_HOUR: REPORTS_PER_HOUR must be the price and fuel reports/,
		);
		expect(loadConfig({ DATA_DIR: dir }).passwordHashMemoryKib).toBe(65_536);
		expect(() => loadConfig({ DATA_DIR: dir, PASSWORD_HASH_MEMORY_KIB: "8192" })).toThrow(
			/PASSWORD_HASH_MEMORY_KIB: PASSWORD_HASH_MEMORY_KIB must be at least 19456/,
		);
		expect(() => loadConfig({ DATA_DIR: dir, REPORT_WRITER: "worker" })).toThrow(
			/REPORT_WRITER: REPORT_WRITER must be "auto", "thread" or "inline"/,
		);
		expect(loadConfig({ DATA_DIR: dir, REPORT_WRITER: "inline" }).reportWriter).toBe("inline");
		expect(loadConfig({ DATA_DIR: dir, REPORT_WRITER: "thread" }).reportWriter).toBe("thread");
		expect(() => loadConfig({ DATA_DIR: dir, NODE_ENV: "prod" })).toThrow(
			'NODE_ENV: NODE_ENV must be "production", "development" or "test"',
		);
		expect(() => loadConfig({ DATA_DIR: dir, OLLAMA_HOST: "notaurl" })).toThrow(
			'OLLAMA_HOST: OLLAMA_HOST must be an http(s) URL, or "off"',
		);
		expect(loadConfig({ DATA_DIR: dir, OLLAMA_HOST: "off" }).ollamaHost).toBe("off");
		expect(loadConfig({ DATA_DIR: dir, OLLAMA_HOST: "http://10.0.0.5:11434" }).ollamaHost).toBe(
			"http://10.0.0.5:11434",
		);
		const file = join(dir, "a-file");
		writeFileSync(file, "");
		expect(() => loadConfig({ DATA_DIR: file })).toThrow(ConfigError);
	});

	test("a VAPID key pair is made once, kept private in DATA_DIR, and reused; one from the environment wins", () => {
		const dir = tempDir();
		const file = join(dir, "vapid.json");
		const { vapid } = loadConfig({ DATA_DIR: dir });
		expect(Buffer.from(vapid.publicKey, "base64url")).toHaveLength(65);
		expect(Buffer.from(vapid.privateKey, "base64url")).toHaveLength(32);
		expect(vapid.subject).toBe(DEFAULT_VAPID_SUBJECT);
		expect(statSync(file).mode & 0o777).toBe(0o600);
		expect(loadConfig({ DATA_DIR: dir }).vapid).toEqual(vapid);

		const other = tempDir();
		const env = { VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey };
		expect(loadConfig({ DATA_DIR: other, ...env, VAPID_SUBJECT: "https://cents.example.org" }).vapid).toEqual({
			...vapid,
			subject: "https://cents.example.org",
		});
		expect(existsSync(join(other, "vapid.json"))).toBe(false);
	});

	test("VAPID keys: both or neither, a matching pair, and a damaged file refused", () => {
		const dir = tempDir();
		const { vapid } = loadConfig({ DATA_DIR: dir });
		const theirs = loadConfig({ DATA_DIR: tempDir() }).vapid;
		expect(() => loadConfig({ DATA_DIR: dir, VAPID_PUBLIC_KEY: vapid.publicKey })).toThrow(
			"VAPID_PRIVATE_KEY: VAPID_PRIVATE_KEY must be set with VAPID_PUBLIC_KEY",
		);
		expect(() => loadConfig({ DATA_DIR: dir, VAPID_PRIVATE_KEY: vapid.privateKey })).toThrow(
			"VAPID_PUBLIC_KEY: VAPID_PUBLIC_KEY must be set with VAPID_PRIVATE_KEY",
		);
		expect(() => loadConfig({ DATA_DIR: dir, VAPID_PUBLIC_KEY: "BAD", VAPID_PRIVATE_KEY: vapid.privateKey })).toThrow(
			"VAPID_PUBLIC_KEY must be a P-256 public key in base64url",
		);
		expect(() =>
			loadConfig({ DATA_DIR: dir, VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: "not+base64url" }),
		).toThrow("VAPID_PRIVATE_KEY must be a P-256 private key in base64url");
		expect(() =>
			loadConfig({ DATA_DIR: dir, VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: theirs.privateKey }),
		).toThrow("VAPID_PUBLIC_KEY is not the public key of VAPID_PRIVATE_KEY");

		const file = join(dir, "vapid.json");
		writeFileSync(file, JSON.stringify({ publicKey: vapid.publicKey, privateKey: theirs.privateKey }));
		expect(() => loadConfig({ DATA_DIR: dir })).toThrow(`${file} is damaged (its publicKey is not the public key of`);
		writeFileSync(file, "{");
		expect(() => loadConfig({ DATA_DIR: dir })).toThrow(ConfigError);
		expect(() => loadConfig({ DATA_DIR: dir })).toThrow("delete the file to have a new pair made");
		writeFileSync(file, JSON.stringify(vapid), { mode: 0o644 });
		chmodSync(file, 0o644);
		expect(loadConfig({ DATA_DIR: dir }).vapid.publicKey).toBe(vapid.publicKey);
		expect(statSync(file).mode & 0o777).toBe(0o600);
	});

	test("VAPID_SUBJECT and PUSH_ALLOWED_ORIGINS are checked", () => {
		const dir = tempDir();
		expect(loadConfig({ DATA_DIR: dir, VAPID_SUBJECT: "mailto:ops@cents.example" }).vapid.subject).toBe(
			"mailto:ops@cents.example",
		);
		for (const subject of ["ops@cents.example", "http://cents.example", "https://localhost/"]) {
			expect(() => loadConfig({ DATA_DIR: dir, VAPID_SUBJECT: subject })).toThrow("VAPID_SUBJECT: VAPID_SUBJECT must");
		}
		expect(loadConfig({ DATA_DIR: dir }).pushAllowedOrigins).toEqual([]);
		expect(
			loadConfig({ DATA_DIR: dir, PUSH_ALLOWED_ORIGINS: " http://127.0.0.1:9000/ ,https://Push.Example.org" })
				.pushAllowedOrigins,
		).toEqual(["http://127.0.0.1:9000", "https://push.example.org"]);
		for (const origins of ["127.0.0.1:9000", "http://push.lan/path", "ftp://push.lan", "https://a:b@push.lan"]) {
			expect(() => loadConfig({ DATA_DIR: dir, PUSH_ALLOWED_ORIGINS: origins })).toThrow(
				"PUSH_ALLOWED_ORIGINS: PUSH_ALLOWED_ORIGINS must be comma-separated origins",
			);
		}
	});
});
