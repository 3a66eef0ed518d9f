/**
 * `commoncents import open-prices|osm|commoncents FILE`: open data into this instance (decision 0070). With
 * no server running it holds the data folder's lock while it writes, so none starts on it meanwhile; while
 * a server serves the folder, it hands the files to that server, which imports them (import-remote.ts,
 * decision 0085). Either way it prints what it took and what it left out, by reason.
 */
import { dirname } from "node:path";
import { ensureTaxonomy } from "../../db/seed.ts";
import { alertHits } from "../alerts/index.ts";
import { PasswordHasher } from "../auth/index.ts";
import { adoptInstanceFile } from "../data/instance-settings.ts";
import { DatabaseFileError, migrate, openDb, SchemaError } from "../db.ts";
import { ConfigError, loadConfig } from "../env.ts";
import { dataDirHolder, describeHolder, lockDataDir } from "../ops/index.ts";
import { PriceEvents } from "../reports/index.ts";
import {
	checkImportFiles,
	fillImport,
	type ImportArgs,
	KINDS,
	type Kind,
	startImport,
	summaryLines,
} from "./import-file.ts";
import { DEFAULT_LIMITS, parseSize } from "./import-limits.ts";
import { checkFile, ImportFileError } from "./import-lines.ts";
import { importThroughServer, RemoteImportError } from "./import-remote.ts";
import { type ImportRun, ImportStoppedError } from "./import-run.ts";
import { SourceSuspendedError } from "./sources.ts";

export type { ImportArgs } from "./import-file.ts";

const USAGE =
	"commoncents import open-prices PRICES [--locations LOCATIONS] | import osm FILE | import commoncents FILE" +
	" [--max-bytes SIZE] [--max-line-bytes SIZE]";

/** The options that bound what one run reads (import-limits.ts), by the limit each sets. */
const LIMIT_OPTIONS = { "--max-bytes": "maxBytes", "--max-line-bytes": "maxLineBytes" } as const;

/** A mistake in the command line (exit 2), as against one in the data or the files (exit 1). */
class UsageError extends Error {}
/** The import cannot run now (the data folder is in use). */
class BusyError extends Error {}

/**
 * Reads `KIND FILE`, for open-prices `--locations FILE` (or `--locations=FILE`), and the limits
 * (`--max-bytes 16GiB`); refuses anything else.
 */
export function parseImportArgs(args: readonly string[]): ImportArgs {
	const positional: string[] = [];
	let locations: string | null = null;
	const limits = { ...DEFAULT_LIMITS };
	for (let i = 0; i < args.length; i++) {
		const arg = args[i] as string;
		const name = arg.includes("=") ? arg.slice(0, arg.indexOf("=")) : arg;
		const optionValue = () => (arg.includes("=") ? arg.slice(arg.indexOf("=") + 1) : args[++i]);
		if (name === "--locations") {
			const value = optionValue();
			if (!value || value.startsWith("--")) throw new UsageError(`--locations needs a file: ${USAGE}`);
			locations = value;
		} else if (name in LIMIT_OPTIONS) {
			const size = parseSize(optionValue() ?? "");
			if (size === null) throw new UsageError(`${name} needs a size in bytes, such as 8GiB, 512MiB or 1048576`);
			limits[LIMIT_OPTIONS[name as keyof typeof LIMIT_OPTIONS]] = size;
		} else if (arg.startsWith("-")) throw new UsageError(`unknown option ${arg} for import`);
		else positional.push(arg);
	}
	const [kind, file, ...extra] = positional;
	if (!kind) throw new UsageError(`import needs a source and a file: ${USAGE}`);
	if (!(kind in KINDS)) throw new UsageError(`unknown source ${kind}: import takes ${Object.keys(KINDS).join(", ")}`);
	if (!file) throw new UsageError(`import ${kind} needs a FILE: ${USAGE}`);
	if (extra.length > 0) throw new UsageError(`import ${kind} takes one FILE; extra: ${extra.join(" ")}`);
	if (locations && kind !== "open-prices") throw new UsageError("--locations is for import open-prices only");
	return { kind: kind as Kind, file, locations, limits };
}

/** Runs the import on the database at `dbPath` (migrated, with the taxonomy); the lines to print. */
export async function runImport(
	args: ImportArgs,
	{ dbPath, passwordHashMemoryKib }: { dbPath: string; passwordHashMemoryKib: number },
	now = Date.now(),
): Promise<{ lines: string[]; run: ImportRun }> {
	await checkImportFiles(args);
	const { sqlite, db } = openDb(dbPath);
	try {
		migrate(sqlite);
		ensureTaxonomy(db);
		adoptInstanceFile(sqlite, dirname(dbPath));
		// The import is a process of its own: its prices' listeners are subscribed here. The alerts record the
		// hits of what it files; nothing delivers them (no server runs), so they wait in the Alerts tab.
		const prices = new PriceEvents().on(alertHits());
		const filing = { db, passwords: new PasswordHasher(passwordHashMemoryKib), prices };
		const run = await startImport(args.kind, filing, now);
		const started = performance.now();
		await fillImport(run, args);
		return { lines: summaryLines(run, args.kind, args.file, (performance.now() - started) / 1000), run };
	} finally {
		sqlite.close();
	}
}

export async function importCommand(args: string[]): Promise<void> {
	try {
		const parsed = parseImportArgs(args);
		// A mistyped file name is named before a data folder is made for it.
		checkFile(parsed.file);
		if (parsed.locations) checkFile(parsed.locations);
		const config = loadConfig();
		const lock = lockDataDir(config.dataDir);
		if (!lock) {
			const holder = dataDirHolder(config.dataDir);
			if (holder?.port) return await importThroughServer(parsed, { port: holder.port, secret: config.secret });
			throw new BusyError(
				`CommonCents is serving this data folder${describeHolder(holder)} but does not say on which port; stop it before importing`,
			);
		}
		try {
			const { lines } = await runImport(parsed, config);
			for (const line of lines) console.log(line);
		} finally {
			lock.release();
		}
	} catch (error) {
		if (error instanceof UsageError) {
			console.error(`commoncents: ${error.message}; see commoncents --help`);
			process.exit(2);
		}
		if (
			error instanceof ConfigError ||
			error instanceof BusyError ||
			error instanceof RemoteImportError ||
			error instanceof ImportFileError ||
			error instanceof ImportStoppedError ||
			error instanceof SourceSuspendedError ||
			error instanceof SchemaError ||
			error instanceof DatabaseFileError
		) {
			console.error(`commoncents: ${error.message}`);
			process.exit(1);
		}
		throw error;
	}
}
