import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { encodeHexLowerCase } from "@oslojs/encoding";
import * as v from "valibot";
import { LOG_LEVELS, type LogLevel } from "./lib/log.ts";

/** An optional whole-number variable, named in its messages. */
const wholeNumber = (name: string, max: number, fallback: string, what = "a whole number") =>
	v.optional(
		v.pipe(
			v.string(),
			v.regex(/^\d{1,6}$/, `${name} must be ${what}`),
			v.transform(Number),
			v.maxValue(max, `${name} must be at most ${max}`),
		),
		fallback,
	);

const EnvSchema = v.object({
	PORT: wholeNumber("PORT", 65535, "3000"),
	DATA_DIR: v.optional(v.pipe(v.string(), v.minLength(1, "DATA_DIR must not be empty")), "./data"),
	ADMIN_PASSKEY: v.optional(v.string()),
	OLLAMA_HOST: v.optional(
		v.pipe(
			v.string(),
			v.check(
				(s) => s === "off" || (/^https?:\/\/./.test(s) && URL.canParse(s)),
				'OLLAMA_HOST must be an http(s) URL, or "off"',
			),
		),
		"http://127.0.0.1:11434",
	),
	OLLAMA_TIMEOUT_MS: wholeNumber("OLLAMA_TIMEOUT_MS", 999_999, "2000"),
	OLLAMA_MODEL: v.optional(v.string(), "qwen2.5:0.5b"),
	SECRET: v.optional(v.pipe(v.string(), v.minLength(32, "SECRET must be at least 32 characters"))),
	NODE_ENV: v.optional(
		v.picklist(["production", "development", "test"], 'NODE_ENV must be "production", "development" or "test"'),
		"production",
	),
	LOG_LEVEL: v.optional(v.picklist(LOG_LEVELS, `LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")}`)),
	TRUST_PROXY: wholeNumber("TRUST_PROXY", 10, "0", "the number of proxies in front (0 when none)"),
	SIGNUPS_PER_HOUR: wholeNumber(
		"SIGNUPS_PER_HOUR",
		999_999,
		"10",
		"the accounts one address may create in an hour (0: no limit)",
	),
	REPORTS_PER_HOUR: wholeNumber(
		"REPORTS_PER_HOUR",
		999_999,
		"120",
		"the price and fuel reports one shopper may make in an hour (0: no limit)",
	),
	REPORT_WRITER: v.optional(
		v.picklist(["auto", "thread", "inline"], 'REPORT_WRITER must be "auto", "thread" or "inline"'),
		"auto",
	),
});

/** Every variable the app reads (the container's LITESTREAM_* are read by its entrypoint and litestream.yml). */
export const ENV_VARIABLES = Object.keys(EnvSchema.entries);

export type Config = {
	port: number;
	dataDir: string;
	dbPath: string;
	uploadsDir: string;
	/** undefined disables the developer console. */
	adminPasskey: string | undefined;
	ollamaHost: string;
	ollamaModel: string;
	/** How long a report may wait for the model before the statistics decide alone. */
	ollamaTimeoutMs: number;
	secret: string;
	nodeEnv: "production" | "development" | "test";
	/** Tests default to warnings only, so a test run is not buried under request lines. */
	logLevel: LogLevel;
	/** Proxies in front that append to X-Forwarded-For (0: clients connect directly, the header is ignored). */
	trustProxy: number;
	/** Accounts one client address may create in an hour; 0 for no limit (the tests sign up many from one). */
	signupsPerHour: number;
	/** Price and fuel reports one shopper may make in an hour; 0 for no limit (the benchmark's shoppers report fast). */
	reportsPerHour: number;
	/**
	 * Whether price and fuel reports are written on their own thread (src/reports/writer.ts) or on the
	 * request thread. "auto": on their own thread when the machine has two cores or more.
	 */
	reportWriter: "thread" | "inline";
};

export class ConfigError extends Error {}

/** Reads the environment once; throws ConfigError naming each bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
	const blankToUndefined = Object.fromEntries(
		Object.entries(env).map(([k, value]) => [k, value === "" ? undefined : value]),
	);
	const parsed = v.safeParse(EnvSchema, blankToUndefined);
	if (!parsed.success) {
		const lines = parsed.issues.map((i) => `${v.getDotPath(i) ?? "env"}: ${i.message}`);
		throw new ConfigError(`invalid environment:\n  ${lines.join("\n  ")}`);
	}
	const e = parsed.output;
	const { dataDir, dbPath } = dataPaths(e.DATA_DIR);
	prepareDataDir(dataDir);
	return {
		port: e.PORT,
		dataDir,
		dbPath,
		uploadsDir: join(dataDir, "uploads"),
		adminPasskey: e.ADMIN_PASSKEY,
		ollamaHost: e.OLLAMA_HOST,
		ollamaModel: e.OLLAMA_MODEL,
		ollamaTimeoutMs: e.OLLAMA_TIMEOUT_MS,
		secret: e.SECRET ?? loadOrCreateSecret(dataDir),
		nodeEnv: e.NODE_ENV,
		logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === "test" ? "warn" : "info"),
		trustProxy: e.TRUST_PROXY,
		signupsPerHour: e.SIGNUPS_PER_HOUR,
		reportsPerHour: e.REPORTS_PER_HOUR,
		reportWriter:
			e.REPORT_WRITER === "auto" ? (navigator.hardwareConcurrency >= 2 ? "thread" : "inline") : e.REPORT_WRITER,
	};
}

/**
 * Where the data folder and the database are, and nothing more: for a command that only reads the database
 * (backup), which must not make a folder, uploads and a secret where it found no database.
 */
export function dataPaths(dataDirSetting = process.env.DATA_DIR || "./data") {
	const dataDir = resolve(dataDirSetting);
	return { dataDir, dbPath: join(dataDir, "commoncents.db") };
}

function prepareDataDir(dataDir: string) {
	try {
		// Photos are served by the app alone: the folder is for our user only.
		mkdirSync(join(dataDir, "uploads"), { recursive: true, mode: 0o700 });
		chmodSync(join(dataDir, "uploads"), 0o700);
		const probe = join(dataDir, ".write-test");
		writeFileSync(probe, "");
		rmSync(probe);
	} catch (error) {
		throw new ConfigError(`DATA_DIR ${dataDir} is not a writable folder (${(error as Error).message})`);
	}
}

/** A signing secret made once per data folder, so signed URLs outlive restarts without any set-up. */
function loadOrCreateSecret(dataDir: string): string {
	const file = join(dataDir, "secret");
	if (existsSync(file)) {
		const secret = readFileSync(file, "utf8").trim();
		// An emptied or cut file would sign upload links with a guessable key: refuse it, as SECRET is refused.
		if (secret.length < 32) {
			throw new ConfigError(
				`${file} holds ${secret.length} characters; a secret needs at least 32. Put back the one from your ` +
					"backup, or delete the file to have a new one made (photo uploads in progress then have to start again)",
			);
		}
		if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600); // for our user only, as it was made
		return secret;
	}
	const secret = encodeHexLowerCase(crypto.getRandomValues(new Uint8Array(32)));
	writeFileSync(file, `${secret}\n`, { mode: 0o600 });
	chmodSync(file, 0o600);
	return secret;
}
