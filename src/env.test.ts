import { afterEach, describe, expect, test } from "bun:test";
import { chmodSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ConfigError, ENV_VARIABLES, loadConfig } from "./env.ts";

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
});
