/**
 * The binary's commands. `serve` is the default on Linux (servers and containers); on macOS and Windows,
 * where a binary is started by double-clicking it, no command means `desktop`.
 *
 * Desktop mode is imported when it runs: every module imported here is evaluated before the server can
 * listen, and desktop's node:os is a noticeable part of that (docs/decisions/0030-cold-start.md).
 */
import { seedDemo } from "../db/demo.ts";
import { DatabaseFileError, migrate, openDb, SchemaError } from "./db.ts";
import { ConfigError, dataPaths, loadConfig } from "./env.ts";
import { log } from "./lib/log.ts";
import { backupDatabase, dataDirHolder, OpsError, restoreDatabase, VERSION } from "./ops/index.ts";
import { DataDirInUseError, ListenError, PortInUseError, startServer, stopOnSignals } from "./server.ts";
import type { StaticAssets } from "./static.ts";

const HELP = `CommonCents ${VERSION}: community price sharing

Usage: commoncents [command] [options]

Commands:
  serve             open and migrate the database, then serve the app and the API (default on Linux)
  desktop           run as a desktop app: 127.0.0.1 on a free port, data in your user folder,
                    opens your browser (default on macOS and Windows); --no-browser to skip that
  migrate           apply pending database migrations and exit
  seed              add demo shoppers with their reports, and the category taxonomy, to an empty database
  backup FILE       write a consistent copy of the database to FILE, safe while serving (--force overwrites)
  restore FILE      check FILE and make it the database; refuses while a server uses the data folder,
                    and over an existing database unless --force (which keeps the old one beside it)
  export --out FILE [--format jsonl|csv] [--force]
                    write the live prices, stores and stations as open data (no private data), stamped
                    with DATA_LICENSE and DATA_ATTRIBUTION
  import SOURCE FILE
                    add prices, stores or stations from open data: SOURCE is open-prices (Open Prices'
                    prices dump, with --locations FILE for its places), osm (an Overpass GeoJSON export)
                    or commoncents (our own export); a second run updates, it does not duplicate; while a
                    server uses the data folder, the file (256MiB at most) is handed to it to import; a file
                    past --max-bytes SIZE decompressed (8GiB) or with a line past --max-line-bytes SIZE
                    (1MiB) is refused with nothing imported
  --help            show this help
  --version         print the version

Environment (also read from a .env file in the working folder): PORT (3000), DATA_DIR (./data),
ADMIN_PASSKEY, OLLAMA_HOST, OLLAMA_MODEL, OLLAMA_TIMEOUT_MS, SECRET, TRUST_PROXY (0), SIGNUPS_PER_HOUR (10),
REPORTS_PER_HOUR (120), PASSWORD_HASH_MEMORY_KIB (65536), REPORT_WRITER (auto, thread, inline),
LOG_LEVEL (debug, info, warn, error, silent), NODE_ENV, VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT, PUSH_ALLOWED_ORIGINS. See .env.example for what
each one does.`;

/** The options and the number of FILE arguments each command takes; anything else is refused. */
const COMMAND_SHAPES: Record<string, { options: string[]; files: number }> = {
	serve: { options: [], files: 0 },
	desktop: { options: ["--no-browser"], files: 0 },
	migrate: { options: [], files: 0 },
	seed: { options: [], files: 0 },
	backup: { options: ["--force"], files: 1 },
	restore: { options: ["--force"], files: 1 },
};

/** A mistyped option (`--froce`) must not be ignored: the command would run without it. */
function misuse(command: string, flags: Set<string>, args: string[]): string | null {
	const shape = COMMAND_SHAPES[command];
	if (!shape) return null;
	const unknown = [...flags].filter((f) => !shape.options.includes(f));
	if (unknown.length > 0) {
		const allowed = shape.options.length ? ` (it takes ${shape.options.join(", ")})` : " (it takes none)";
		return `unknown option ${unknown.join(", ")} for ${command}${allowed}`;
	}
	if (args.length > shape.files)
		return `${command} takes ${shape.files === 0 ? "no arguments" : "one FILE"}; extra: ${args.slice(shape.files).join(" ")}`;
	return null;
}

const defaultCommand = () => (process.platform === "darwin" || process.platform === "win32" ? "desktop" : "serve");

export async function runCli(argv: string[], assets?: StaticAssets): Promise<void> {
	// export and import read their own options ("--out FILE", "--format csv"), which take values.
	if (argv[0] === "export") return (await import("./open-data/export-cli.ts")).exportCommand(argv.slice(1));
	if (argv[0] === "import") return (await import("./open-data/import-cli.ts")).importCommand(argv.slice(1));
	const flags = new Set(argv.filter((a) => a.startsWith("--")));
	const [command = defaultCommand(), ...args] = argv.filter(
		(a) => !a.startsWith("--") || a === "--help" || a === "--version",
	);
	if (command === "--help" || command === "-h" || command === "help") return void console.log(HELP);
	if (command === "--version" || command === "-v") return void console.log(VERSION);
	const wrong = misuse(command, flags, args);
	if (wrong) {
		console.error(`commoncents: ${wrong}; see commoncents --help`);
		process.exit(2);
	}
	try {
		switch (command) {
			case "serve":
				return serve(assets);
			case "desktop":
				return await desktop(assets, !flags.has("--no-browser"));
			case "migrate": {
				const { sqlite } = openDb(loadConfig().dbPath);
				const { applied } = migrate(sqlite);
				sqlite.close();
				return void console.log(applied.length ? `applied ${applied.join(", ")}` : "database is up to date");
			}
			case "seed": {
				const config = loadConfig();
				const { sqlite, db } = openDb(config.dbPath);
				migrate(sqlite);
				const added = await seedDemo(db);
				sqlite.close();
				return void console.log(
					added.users
						? `seeded ${added.users} demo users, ${added.stores} stores, ${added.priceReports} price reports, ` +
								`${added.fuelReports} fuel reports and ${added.alerts} alerts`
						: "database already has users; nothing seeded",
				);
			}
			case "backup": {
				const file = requireFileArgument("backup", args);
				const done = backupDatabase(dataPaths().dbPath, file, { force: flags.has("--force") });
				return void console.log(
					`backed up ${(done.bytes / 1024 / 1024).toFixed(1)} MB (schema ${done.schema}) to ${done.file} in ${done.ms} ms; integrity check passed`,
				);
			}
			case "restore": {
				const file = requireFileArgument("restore", args);
				const done = restoreDatabase(file, loadConfig(), { force: flags.has("--force") });
				console.log(
					`restored ${done.file} from ${file}: ${done.users} users, ${done.reports} price reports (schema ${done.schema}); integrity check passed`,
				);
				if (done.keptAs) {
					const wal = done.keptWal ? ` with its WAL, ${done.keptAs}-wal (keep the two together)` : "";
					console.log(`the previous database is kept as ${done.keptAs}${wal}`);
				}
				return;
			}
			default:
				console.error(`unknown command: ${command}\n\n${HELP}`);
				process.exit(2);
		}
	} catch (error) {
		if (
			error instanceof ConfigError ||
			error instanceof SchemaError ||
			error instanceof ListenError ||
			error instanceof DataDirInUseError ||
			error instanceof DatabaseFileError ||
			error instanceof OpsError
		) {
			console.error(`commoncents: ${error.message}`);
			process.exit(1);
		}
		// The database file refused later than opening (damaged further in, a full disk): one line, not a trace.
		if (isSqliteFileError(error)) {
			console.error(`commoncents: the database cannot be used: ${error.message}`);
			process.exit(1);
		}
		throw error;
	}
}

const SQLITE_FILE_ERRORS = [
	"SQLITE_CANTOPEN",
	"SQLITE_NOTADB",
	"SQLITE_CORRUPT",
	"SQLITE_READONLY",
	"SQLITE_PERM",
	"SQLITE_IOERR",
];
/** Errors about the database file itself (extended codes included, such as SQLITE_IOERR_SHORT_READ). */
function isSqliteFileError(error: unknown): error is Error {
	const code = (error as { code?: unknown } | null)?.code;
	return (
		error instanceof Error && typeof code === "string" && SQLITE_FILE_ERRORS.some((prefix) => code.startsWith(prefix))
	);
}

function requireFileArgument(command: string, args: string[]): string {
	if (!args[0]) throw new OpsError(`${command} needs a file: commoncents ${command} FILE`);
	return args[0];
}

function serve(assets?: StaticAssets) {
	const config = loadConfig();
	const running = startServer(config, { assets });
	stopOnSignals(running);
	log.info("listening", {
		url: `http://localhost:${running.port}`,
		port: running.port,
		dataDir: config.dataDir,
		version: VERSION,
	});
	log.flush();
}

async function desktop(assets: StaticAssets | undefined, launchBrowser: boolean) {
	const { loopbackHosts, openBrowser, rememberPort, rememberedPort, userDataDir } = await import("./ops/desktop.ts");
	const env = { ...process.env, DATA_DIR: process.env.DATA_DIR || userDataDir() };
	// One instance per data folder, like any desktop app: a second launch shows the first.
	const already = dataDirHolder(env.DATA_DIR);
	if (already?.port && (await answersHealth(already.port))) {
		const url = `http://127.0.0.1:${already.port}/`;
		if (launchBrowser) openBrowser(url);
		return void console.error(`CommonCents is already running at ${url}`);
	}
	const first = loadConfig({ ...env, PORT: String(rememberedPort(env.DATA_DIR)) });
	const options = { assets, hostname: "127.0.0.1", allowedHosts: loopbackHosts };
	let running: ReturnType<typeof startServer>;
	try {
		running = startServer(first, options);
	} catch (error) {
		if (!(error instanceof PortInUseError)) throw error;
		running = startServer({ ...first, port: 0 }, options);
	}
	stopOnSignals(running);
	rememberPort(first.dataDir, running.port);
	const url = `http://127.0.0.1:${running.port}/`;
	log.info("listening", { url, port: running.port, dataDir: first.dataDir, version: VERSION, mode: "desktop" });
	log.flush();
	const opened = launchBrowser && openBrowser(url);
	console.error(
		`CommonCents is running at ${url}${opened ? " (opened in your browser)" : ""}\nYour data is in ${first.dataDir}. Press Ctrl+C to stop.`,
	);
}

/** The lock says a server holds the folder; it is only worth showing once it answers. */
async function answersHealth(port: number): Promise<boolean> {
	try {
		const res = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(1_000) });
		return res.ok;
	} catch {
		return false;
	}
}
