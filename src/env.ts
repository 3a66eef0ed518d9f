import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { encodeHexLowerCase } from "@oslojs/encoding";
import * as v from "valibot";
import { OpenDataSchema, type OpenDataSettings, openDataSettingsOf } from "./lib/data-license.ts";
import { LOG_LEVELS, type LogLevel } from "./lib/log.ts";
import { DEFAULT_HASH_MEMORY_KIB, MIN_HASH_MEMORY_KIB } from "./lib/password-memory.ts";
import { checkVapidKeys, loadOrCreateVapidKeys, type VapidDetails } from "./lib/vapid.ts";

/** Who a push service may write to about our messages, when VAPID_SUBJECT is unset (docs/operations.md). */
export const DEFAULT_VAPID_SUBJECT = "mailto:push-operator@commoncents.invalid";

/** A comma-separated list of origins ("http://127.0.0.1:9000,https://push.example"), each one parsed. */
const originList = (name: string) =>
	v.optional(
		v.pipe(
			v.string(),
			v.transform((s) =>
				s
					.split(",")
					.map((part) => part.trim())
					.filter(Boolean),
			),
			v.check(
				(list) => list.every((o) => /^https?:\/\/[^/?#]+\/?$/.test(o) && URL.canParse(o) && !new URL(o).username),
				`${name} must be comma-separated origins like https://push.example.org or http://127.0.0.1:9000`,
			),
			v.transform((list) => [...new Set(list.map((o) => new URL(o).origin))]),
		),
		"",
	);

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
	...OpenDataSchema.entries,
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
	PASSWORD_HASH_MEMORY_KIB: v.optional(
		v.pipe(
			v.string(),
			v.regex(/^\d{1,7}$/, "PASSWORD_HASH_MEMORY_KIB must be a whole number of KiB"),
			v.transform(Number),
			v.minValue(
				MIN_HASH_MEMORY_KIB,
				`PASSWORD_HASH_MEMORY_KIB must be at least ${MIN_HASH_MEMORY_KIB} (OWASP's floor)`,
			),
			v.maxValue(1_048_576, "PASSWORD_HASH_MEMORY_KIB must be at most 1048576 (1 GiB)"),
		),
		String(DEFAULT_HASH_MEMORY_KIB),
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
	VAPID_PUBLIC_KEY: v.optional(v.string()),
	VAPID_PRIVATE_KEY: v.optional(v.string()),
	VAPID_SUBJECT: v.optional(
		v.pipe(
			v.string(),
			v.check(
				(s) => /^mailto:[^@\s]+@[^@\s]+$/.test(s) || (/^https:\/\/[^/?#\s]+/.test(s) && URL.canParse(s)),
				"VAPID_SUBJECT must be a mailto: address or an https: URL where push services can reach you",
			),
			v.check(
				(s) => !s.startsWith("https:") || new URL(s).hostname !== "localhost",
				"VAPID_SUBJECT must not be a localhost URL (Apple's push service refuses it)",
			),
		),
		DEFAULT_VAPID_SUBJECT,
	),
	PUSH_ALLOWED_ORIGINS: originList("PUSH_ALLOWED_ORIGINS"),
});

/** Every variable the app reads (the container's LITESTREAM_* are read by its entrypoint and litestream.yml). */
export const ENV_VARIABLES = Object.keys(EnvSchema.entries);

/** What every open-data export is stamped with (src/open-data/export.ts). */

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
	/** argon2id's memory per password hash, in KiB (src/auth/passwords.ts). */
	passwordHashMemoryKib: number;
	/**
	 * Whether price and fuel reports are written on their own thread (src/reports/writer.ts) or on the
	 * request thread. "auto": on their own thread when the machine has two cores or more.
	 */
	reportWriter: "thread" | "inline";
	/** The server's Web Push identity: from VAPID_* or made once and kept in DATA_DIR/vapid.json. */
	vapid: VapidDetails;
	/**
	 * Push service origins allowed although they are not https on a public address (tests, a self-hosted push
	 * server on the local network). Only the operator sets them: never a request.
	 */
	pushAllowedOrigins: readonly string[];
	/** The licence and attribution the open-data export carries (DATA_LICENSE, DATA_ATTRIBUTION). */
	openData: OpenDataSettings;
};

export class ConfigError extends Error {}

const invalidEnvironment = (issues: readonly v.BaseIssue<unknown>[]) =>
	new ConfigError(
		`invalid environment:\n  ${issues.map((i) => `${v.getDotPath(i) ?? "env"}: ${i.message}`).join("\n  ")}`,
	);

/** Reads the environment once; throws ConfigError naming each bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
	const blankToUndefined = Object.fromEntries(
		Object.entries(env).map(([k, value]) => [k, value === "" ? undefined : value]),
	);
	const parsed = v.safeParse(EnvSchema, blankToUndefined);
	if (!parsed.success) throw invalidEnvironment(parsed.issues);
	const e = parsed.output;
	const vapidProblem = checkVapidKeys(e.VAPID_PUBLIC_KEY, e.VAPID_PRIVATE_KEY);
	if (vapidProblem) throw new ConfigError(`invalid environment:\n  ${vapidProblem.split(" ")[0]}: ${vapidProblem}`);
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
		passwordHashMemoryKib: e.PASSWORD_HASH_MEMORY_KIB,
		reportWriter:
			e.REPORT_WRITER === "auto" ? (navigator.hardwareConcurrency >= 2 ? "thread" : "inline") : e.REPORT_WRITER,
		vapid: {
			...(e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
				? // Unpadded, as VAPID headers carry them (web-push refuses "=" when it signs).
					{ publicKey: e.VAPID_PUBLIC_KEY.replace(/=+$/, ""), privateKey: e.VAPID_PRIVATE_KEY.replace(/=+$/, "") }
				: vapidKeysFromFile(dataDir)),
			subject: e.VAPID_SUBJECT,
		},
		pushAllowedOrigins: e.PUSH_ALLOWED_ORIGINS,
		openData: openDataSettingsOf(e),
	};
}

/**
 * DATA_LICENSE and DATA_ATTRIBUTION alone, validated as loadConfig does: for `commoncents export`, which only
 * reads the database and must not make a data folder and a secret where it found none.
 */
export function loadOpenDataSettings(env: Record<string, string | undefined> = process.env): OpenDataSettings {
	const parsed = v.safeParse(OpenDataSchema, {
		DATA_LICENSE: env.DATA_LICENSE || undefined,
		DATA_ATTRIBUTION: env.DATA_ATTRIBUTION || undefined,
	});
	if (!parsed.success) throw invalidEnvironment(parsed.issues);
	return openDataSettingsOf(parsed.output);
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

function vapidKeysFromFile(dataDir: string) {
	try {
		return loadOrCreateVapidKeys(join(dataDir, "vapid.json"));
	} catch (error) {
		throw new ConfigError((error as Error).message);
	}
}
