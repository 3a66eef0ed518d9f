/**
 * `commoncents import` while a server serves the data folder (decision 0085): the command hands its files to
 * that server on loopback with the operator key, and follows the import the server makes, printing its
 * progress as it goes (stderr) and then its summary (stdout): the lines an import with the server stopped
 * prints. Stopping the command does not stop the import; the console shows how it ends.
 */
import { statSync } from "node:fs";
import { OPERATOR_HEADER, operatorKey } from "../lib/operator-key.ts";
import type { ImportArgs } from "./import-file.ts";
import type { ImportJobView } from "./import-jobs.ts";
import { DEFAULT_LIMITS } from "./import-limits.ts";
import { IMPORT_PIECE_BYTES, MAX_IMPORT_UPLOAD_BYTES } from "./schemas.ts";

/** The running server could not be reached, or refused or failed the import: one line for the command. */
export class RemoteImportError extends Error {}

export type Output = { progress(line: string): void; line(line: string): void };
const CONSOLE: Output = { progress: (line) => console.error(line), line: (line) => console.log(line) };

const MIB = 1024 * 1024;
const mib = (bytes: number) => (bytes / MIB).toFixed(1);

export async function importThroughServer(
	args: ImportArgs,
	{ port, secret }: { port: number; secret: string },
	out: Output = CONSOLE,
	pollMs = 250,
): Promise<void> {
	const origin = `http://127.0.0.1:${port}`;
	const headers = { origin, [OPERATOR_HEADER]: operatorKey(secret) };
	const call = async <T>(method: string, path: string, init: { body?: BodyInit; json?: unknown } = {}) => {
		let res: Response;
		try {
			res = await fetch(`${origin}${path}`, {
				method,
				headers: { ...headers, "content-type": init.json ? "application/json" : "application/octet-stream" },
				body: init.json ? JSON.stringify(init.json) : init.body,
			});
		} catch (error) {
			throw new RemoteImportError(
				`CommonCents is serving this data folder but does not answer at ${origin} (${(error as Error).message}); ` +
					"run the import on the server's machine, or stop the server before importing",
			);
		}
		const body = (await res.json().catch(() => null)) as ({ message?: string } & T) | null;
		if (res.ok && body) return body as T;
		const why = body?.message ?? `status ${res.status}`;
		const hint = res.status === 401 ? " (run the import with the server's own SECRET and DATA_DIR)" : "";
		throw new RemoteImportError(`the running server refused the import: ${why}${hint}`);
	};

	const upload = async (path: string) => {
		const size = statSync(path).size;
		if (size === 0) throw new RemoteImportError(`${path} is empty`);
		if (size > MAX_IMPORT_UPLOAD_BYTES)
			throw new RemoteImportError(
				`${path} is ${mib(size)} MiB; a running server takes files of at most ${mib(MAX_IMPORT_UPLOAD_BYTES)} MiB: stop it and import again`,
			);
		let file: string | undefined;
		for (let offset = 0; offset < size; offset += IMPORT_PIECE_BYTES) {
			const query = new URLSearchParams({ name: path, offset: String(offset), ...(file && { file }) });
			const piece = Bun.file(path).slice(offset, offset + IMPORT_PIECE_BYTES);
			({ file } = await call<{ file: string }>("POST", `/api/admin/imports/files?${query}`, { body: piece }));
			if (size > IMPORT_PIECE_BYTES)
				out.progress(`uploading ${path}: ${mib(Math.min(size, offset + IMPORT_PIECE_BYTES))} of ${mib(size)} MiB`);
		}
		return file as string;
	};

	out.progress(`CommonCents is serving this data folder: the import goes through it (${origin})`);
	const file = await upload(args.file);
	const locations = args.locations ? await upload(args.locations) : null;
	const limits = args.limits ?? DEFAULT_LIMITS;
	const started = await call<ImportJobView>("POST", "/api/admin/imports", {
		json: {
			kind: args.kind,
			file,
			locations,
			name: args.file,
			...(limits.maxBytes !== DEFAULT_LIMITS.maxBytes && { maxBytes: limits.maxBytes }),
			...(limits.maxLineBytes !== DEFAULT_LIMITS.maxLineBytes && { maxLineBytes: limits.maxLineBytes }),
		},
	});
	let said = "";
	for (;;) {
		const { import: job } = await call<{ import: ImportJobView | null }>("GET", "/api/admin/imports/current");
		if (!job || job.id !== started.id) throw new RemoteImportError("the running server lost track of the import");
		const progress = `read ${job.read} records: ${job.added} added, ${job.leftOut} left out`;
		if (job.state === "running" && progress !== said) {
			said = progress;
			out.progress(progress);
		}
		if (job.state === "failed") throw new RemoteImportError(job.message ?? "the import failed");
		if (job.state === "done") {
			for (const line of job.lines) out.line(line);
			return;
		}
		await Bun.sleep(pollMs);
	}
}
