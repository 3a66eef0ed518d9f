import { Hono } from "hono";
import type { AppEnv } from "../lib/context.ts";
import { requireConsoleOrOperator } from "../lib/guards.ts";
import { conflict, HttpError, notFound } from "../lib/http.ts";
import { doc } from "../lib/openapi.ts";
import { jsonBody, queryParams } from "../lib/validate.ts";
import { receivePiece, uploadedPath } from "./import-files.ts";
import { ImportBusyError, type ImportJobView } from "./import-jobs.ts";
import { DEFAULT_LIMITS } from "./import-limits.ts";
import { ImportFileError } from "./import-lines.ts";
import { IMPORT_PIECE_BYTES, ImportPieceQuerySchema, StartImportSchema } from "./schemas.ts";
import { SourceSuspendedError } from "./sources.ts";

const TAG = "Developer console";
const WHO =
	"The console's unlocked session, or the operator key in `x-commoncents-operator` from this machine " +
	"(what `commoncents import` sends while the server runs).";

/**
 * /api/admin/imports: open data imported by the running server (decision 0085), from the console or from
 * `commoncents import` on the server's machine. adminRoutes' check covers these paths (the unlock or the
 * operator key); each handler asks again, as the console's others do.
 */
export const importRoutes = new Hono<AppEnv>()
	.post(
		"/files",
		doc({
			summary: "Upload a piece of a file to import",
			description: `The body is up to ${IMPORT_PIECE_BYTES / 1024 / 1024} MiB of the file's bytes. Without \`file\`, the first piece of a new upload; then each next piece with the \`file\` answered and the \`offset\` it starts at (409 when that is not what the upload holds). ${WHO}`,
			tag: TAG,
			access: "console",
			errors: [400, 401, 403, 404, 409, 413],
			rawBody: "application/octet-stream",
			ok: {
				description: "`file`: the upload's name, to send with its next piece and to import; `bytes`: what it holds",
			},
		}),
		queryParams(ImportPieceQuerySchema),
		async (c) => {
			requireConsoleOrOperator(c);
			const declared = Number(c.req.header("content-length") ?? 0);
			if (declared > IMPORT_PIECE_BYTES)
				throw new HttpError(413, `Too large: a piece is at most ${IMPORT_PIECE_BYTES} bytes`);
			const bytes = new Uint8Array(await c.req.arrayBuffer());
			const { dataDir } = c.get("config");
			return c.json(receivePiece(dataDir, c.req.valid("query"), bytes, c.var.runtime.imports.inUse()), 200);
		},
	)
	.post(
		"/",
		doc({
			summary: "Start importing an uploaded file",
			description: `Imports open data as \`commoncents import\` does, while the server keeps serving: 409 while another import runs, 404 for an upload that is not there, 422 for a file past the import's limits. ${WHO}`,
			tag: TAG,
			access: "console",
			errors: [400, 401, 403, 404, 409, 422],
			ok: { status: 202, description: "The import, running: poll GET /api/admin/imports/current" },
		}),
		jsonBody(StartImportSchema),
		async (c) => {
			requireConsoleOrOperator(c);
			const input = c.req.valid("json");
			const { dataDir } = c.get("config");
			const path = (file: string) => {
				const found = uploadedPath(dataDir, file);
				if (!found) throw notFound(`No uploaded file named ${file}: upload it first`);
				return found;
			};
			const file = path(input.file);
			const locations = input.locations === null ? null : path(input.locations);
			const limits = {
				...DEFAULT_LIMITS,
				...(input.maxBytes && { maxBytes: input.maxBytes }),
				...(input.maxLineBytes && { maxLineBytes: input.maxLineBytes }),
			};
			const files = [input.file, ...(input.locations ? [input.locations] : [])];
			const name = input.name || input.file.slice(17);
			let job: ImportJobView;
			try {
				job = await c.var.runtime.imports.start({ kind: input.kind, file, locations, limits }, name, files);
			} catch (error) {
				if (error instanceof ImportBusyError || error instanceof SourceSuspendedError) throw conflict(error.message);
				// Its words name the file where the server keeps it; the sender knows it by its own name.
				if (error instanceof ImportFileError) throw new HttpError(422, error.message.replaceAll(file, name));
				throw error;
			}
			return c.json(job, 202);
		},
	)
	.get(
		"/current",
		doc({
			summary: "Follow the latest import",
			description: `Its state (running, done or failed), its counts so far, and once it ended its summary. ${WHO}`,
			tag: TAG,
			access: "console",
			errors: [401, 403, 404],
			ok: { description: "`import`: the latest import since the server started, or null" },
		}),
		(c) => {
			requireConsoleOrOperator(c);
			return c.json({ import: c.var.runtime.imports.current() }, 200);
		},
	);
