/**
 * One import of a file (decision 0070): the checks made before anything is written, the run through the
 * file's importer, and the summary printed after it. The command runs it on a connection of its own
 * (import-cli.ts); a running server on its own connection, as a job (import-jobs.ts, decision 0085).
 */
import type { PasswordHasher } from "../auth/index.ts";
import type { Db } from "../db.ts";
import type { PriceEvents } from "../reports/index.ts";
import { importCommonCents } from "./import-commoncents.ts";
import { DEFAULT_LIMITS, type ImportLimits } from "./import-limits.ts";
import { checkBounds, checkFile } from "./import-lines.ts";
import { ImportRun, isDatabaseFailure } from "./import-run.ts";
import { importOpenPrices } from "./open-prices.ts";
import { importOsm } from "./osm.ts";
import { printable } from "./raw.ts";
import { SOURCES, type Source } from "./sources.ts";

/** What each kind of file is, and whose account its prices are filed under (none for places alone). */
export const KINDS = {
	"open-prices": { source: "open-prices", what: "Open Prices' prices" },
	osm: { source: null, what: "OpenStreetMap's stores and stations" },
	commoncents: { source: "commoncents", what: "a CommonCents export" },
} as const satisfies Record<string, { source: Source | null; what: string }>;
export type Kind = keyof typeof KINDS;

export type ImportArgs = { kind: Kind; file: string; locations: string | null; limits?: ImportLimits };

/** Where a run files: the database, the hasher for a source account's password, and who hears of its prices. */
export type Filing = { db: Db; passwords: PasswordHasher; prices: PriceEvents };

/**
 * Refuses a missing file, and one past a limit (ImportFileError): batches commit as the file is read, so a
 * file past a limit is refused whole, before anything is written.
 */
export async function checkImportFiles({ kind, file, locations, limits = DEFAULT_LIMITS }: ImportArgs) {
	checkFile(file);
	if (locations) checkFile(locations);
	if (kind !== "osm") await checkBounds(file, limits);
	if (locations) await checkBounds(locations, limits);
}

/** A run for the kind's source; throws SourceSuspendedError while the source's account is suspended. */
export const startImport = (kind: Kind, { db, passwords, prices }: Filing, now = Date.now()) =>
	ImportRun.start(db, passwords, KINDS[kind].source, prices, now);

/** Reads the file into the run; a failure of the database stops it (ImportStoppedError). */
export async function fillImport(run: ImportRun, { kind, file, locations, limits = DEFAULT_LIMITS }: ImportArgs) {
	try {
		if (kind === "open-prices") await importOpenPrices(run, file, locations, limits);
		else if (kind === "osm") await importOsm(run, file, limits);
		else await importCommonCents(run, file, limits);
		await run.finish();
	} catch (error) {
		if (isDatabaseFailure(error)) throw run.stopped(error);
		throw error;
	}
}

/** The lines to print: what was read from `name`, what was taken and left out, whom to credit. */
export function summaryLines(run: ImportRun, kind: Kind, name: string, seconds: number): string[] {
	const { tally } = run;
	const lines = [
		`read ${tally.read} records of ${KINDS[kind].what} from ${name} in ${seconds.toFixed(1)} s`,
		...tally.lines(),
	];
	if (run.account) lines.push(`prices are filed under the public profile "${run.account.username}"`);
	lines.push(run.credit ?? SOURCES[KINDS[kind].source ?? "openstreetmap"].credit);
	// Names and messages come from the file: nothing in them may drive the terminal.
	return lines.map(printable);
}
