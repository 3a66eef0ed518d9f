/**
 * `commoncents export --out FILE [--format jsonl|csv] [--force]`: the open-data export (export.ts) to a file.
 * It only reads the database (beside a running server, WAL), never makes a data folder, and writes a
 * temporary file renamed over FILE once complete: an interrupted export leaves no half file under its name.
 */
import {
	closeSync,
	existsSync,
	fsyncSync,
	mkdirSync,
	openSync,
	realpathSync,
	renameSync,
	rmSync,
	statSync,
	writeSync,
} from "node:fs";
import { dirname, resolve } from "node:path";
import { ConfigError, dataPaths, loadOpenDataSettings } from "../env.ts";
import { ExportError, exportOpenData } from "./export.ts";
import { EXPORT_FORMATS, type ExportFormat, type ExportHeader } from "./format.ts";

const USAGE = "commoncents export --out FILE [--format jsonl|csv] [--force]";

/** A mistake in the command line (exit 2), as against one in the data or the files (exit 1). */
class UsageError extends Error {}

export type ExportArgs = { out: string; format: ExportFormat; force: boolean };

/** Reads `--out FILE` (or `--out=FILE`), `--format`, `--force`; refuses anything else by name. */
export function parseExportArgs(args: readonly string[]): ExportArgs {
	let out: string | undefined;
	let format: string | undefined;
	let force = false;
	for (let i = 0; i < args.length; i++) {
		const arg = args[i] as string;
		const [name, inline] =
			arg.startsWith("--") && arg.includes("=")
				? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)]
				: [arg, undefined];
		const value = () => {
			const given = inline ?? args[++i];
			if (given === undefined || given === "" || (inline === undefined && given.startsWith("--")))
				throw new UsageError(`${name} needs a value: ${USAGE}`);
			return given;
		};
		if (name === "--out") out = value();
		else if (name === "--format") format = value();
		else if (name === "--force" && inline === undefined) force = true;
		else if (name.startsWith("-"))
			throw new UsageError(`unknown option ${arg} for export (it takes --out, --format, --force)`);
		else throw new UsageError(`export takes no arguments besides its options; extra: ${arg} (write --out ${arg})`);
	}
	if (!out) throw new UsageError(`export needs --out FILE: ${USAGE}`);
	// A .csv file asks for CSV; anything else is JSON lines unless told.
	const chosen = format ?? (out.toLowerCase().endsWith(".csv") ? "csv" : "jsonl");
	if (!(EXPORT_FORMATS as readonly string[]).includes(chosen))
		throw new UsageError(`unknown format ${chosen}: --format takes ${EXPORT_FORMATS.join(" or ")}`);
	return { out, format: chosen as ExportFormat, force };
}

export async function exportCommand(args: string[]): Promise<void> {
	try {
		const done = await runExport(parseExportArgs(args));
		const { counts } = done.header;
		console.log(
			`exported ${counts.prices} prices at ${counts.stores} stores and ${counts.fuelPrices} fuel prices at ` +
				`${counts.stations} stations to ${done.file} (${done.format}, ${formatBytes(done.bytes)})`,
		);
		console.log(`licence: ${licenceLine(done.header)}`);
	} catch (error) {
		if (error instanceof UsageError) {
			console.error(`commoncents: ${error.message}; see commoncents --help`);
			process.exit(2);
		}
		if (error instanceof ConfigError || error instanceof ExportError) {
			console.error(`commoncents: ${error.message}`);
			process.exit(1);
		}
		throw error;
	}
}

const licenceLine = (h: ExportHeader) =>
	`${h.license}${h.licenseUrl ? ` (${h.licenseUrl})` : ""}, attribution "${h.attribution}"`;

const formatBytes = (bytes: number) =>
	bytes < 1024
		? `${bytes} B`
		: bytes < 1024 ** 2
			? `${(bytes / 1024).toFixed(1)} kB`
			: `${(bytes / 1024 ** 2).toFixed(1)} MB`;

async function runExport({ out, format, force }: ExportArgs) {
	const settings = loadOpenDataSettings();
	const { dbPath } = dataPaths();
	if (!existsSync(dbPath)) throw new ExportError(`there is no database at ${dbPath}; check DATA_DIR`);
	const file = resolve(out);
	// Over the database, --force would replace it with the export.
	const live = realpathSync(dbPath);
	if ([live, `${live}-wal`, `${live}-shm`].includes(existsSync(file) ? realpathSync(file) : file))
		throw new ExportError(`${file} is the database itself; write the export to another file`);
	if (existsSync(file) && statSync(file).isDirectory()) throw new ExportError(`${file} is a folder; name a file in it`);
	if (existsSync(file) && !force)
		throw new ExportError(`${file} already exists; choose another file name, or pass --force to overwrite it`);

	const partial = `${file}.partial-${process.pid}`;
	let fd: number | null = null;
	let bytes = 0;
	try {
		mkdirSync(dirname(file), { recursive: true });
		fd = openSync(partial, "w");
		const sink = fd;
		const header = await exportOpenData(dbPath, { format, ...settings }, (chunk) => {
			bytes += writeSync(sink, chunk);
		});
		fsyncSync(fd);
		closeSync(fd);
		fd = null;
		renameSync(partial, file);
		return { file, format, header, bytes };
	} catch (error) {
		if (fd !== null) closeSync(fd);
		rmSync(partial, { force: true });
		if (error instanceof ExportError) throw error;
		throw new ExportError(`could not write the export to ${file}: ${(error as Error).message}`);
	}
}
