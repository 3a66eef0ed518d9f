/**
 * The imports a running server makes (decision 0085): one at a time, on the server's own connection and
 * through the same run as the command's, its batches committed between the requests it keeps answering.
 * What the console and the command are shown: the job's state, its counts so far, and its summary.
 */
import { log } from "../lib/log.ts";
import {
	checkImportFiles,
	type Filing,
	fillImport,
	type ImportArgs,
	type Kind,
	startImport,
	summaryLines,
} from "./import-file.ts";
import { removeUploads } from "./import-files.ts";
import { ImportFileError } from "./import-lines.ts";
import { type ImportRun, ImportStoppedError } from "./import-run.ts";
import { SourceSuspendedError } from "./sources.ts";

export type ImportState = "running" | "done" | "failed";

/** A job as it is answered. */
export type ImportJobView = {
	id: string;
	kind: Kind;
	/** The file as its sender named it. */
	name: string;
	state: ImportState;
	startedAt: string;
	finishedAt: string | null;
	/** Records read so far, those added (prices, stores, stations) and those left out. */
	read: number;
	added: number;
	leftOut: number;
	/** Once it ended: the summary, as the command prints it. */
	lines: string[];
	/** Why it failed. */
	message: string | null;
};

type Job = Omit<ImportJobView, "read" | "added" | "leftOut"> & {
	run: ImportRun;
	/** The uploads it reads, removed when it ends. */
	files: string[];
	ended: Promise<void>;
};

/** Another import is running (409). */
export class ImportBusyError extends Error {}

/** What a failure is called in the job's message: ours in our words, anything else plainly. */
const EXPECTED = [ImportFileError, ImportStoppedError, SourceSuspendedError];

export class ImportJobs {
	private job: Job | null = null;
	private starting = false;

	constructor(
		private readonly filing: Filing,
		private readonly dataDir: string,
	) {}

	current(): ImportJobView | null {
		const job = this.job;
		if (!job) return null;
		const { run, files: _files, ended: _ended, ...shown } = job;
		return { ...shown, read: run.tally.read, added: run.tally.totalAs("added"), leftOut: run.tally.leftOutCount };
	}

	/** The uploads the running job reads (kept by the uploads' sweep). */
	inUse(): Set<string> {
		return new Set(this.job?.state === "running" ? this.job.files : []);
	}

	/**
	 * Starts importing `args`' files (checked first: ImportFileError for one missing or past a limit), `name`
	 * being how the summary names the file. ImportBusyError while another runs; SourceSuspendedError while the
	 * source's account is suspended. Answers once the job runs.
	 */
	async start(args: ImportArgs, name: string, files: string[]): Promise<ImportJobView> {
		if (this.starting || this.job?.state === "running")
			throw new ImportBusyError("An import is already running: wait for it to end");
		this.starting = true;
		try {
			await checkImportFiles(args);
			const run = await startImport(args.kind, this.filing);
			const job: Job = {
				id: crypto.randomUUID(),
				kind: args.kind,
				name,
				state: "running",
				startedAt: new Date().toISOString(),
				finishedAt: null,
				lines: [],
				message: null,
				run,
				files,
				ended: Promise.resolve(),
			};
			this.job = job;
			job.ended = this.carry(job, args);
			return this.current() as ImportJobView;
		} finally {
			this.starting = false;
		}
	}

	private async carry(job: Job, args: ImportArgs) {
		const started = performance.now();
		try {
			await fillImport(job.run, args);
			job.state = "done";
		} catch (error) {
			job.state = "failed";
			const expected = EXPECTED.some((kind) => error instanceof kind);
			// Its words name the file where the server keeps it; the sender knows it by its own name.
			const message = (error as Error).message.replaceAll(args.file, job.name);
			job.message = expected ? message : `the import failed: ${message}`;
			if (!expected) log.error("import failed", { kind: job.kind, err: error });
		}
		job.lines = summaryLines(job.run, job.kind, job.name, (performance.now() - started) / 1000);
		job.finishedAt = new Date().toISOString();
		removeUploads(this.dataDir, job.files);
		const { tally } = job.run;
		log.info("import ended", { kind: job.kind, state: job.state, read: tally.read, taken: tally.takenCount });
	}

	/** The server is stopping: a running job stops between two batches, and this waits for it. */
	async stop() {
		const job = this.job;
		if (job?.state !== "running") return;
		job.run.stop("the server stopped");
		await job.ended;
	}
}
