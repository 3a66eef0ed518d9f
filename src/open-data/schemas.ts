/**
 * The open-data routes' wire contract, shared by the server and the console: the formats a download may ask
 * for (format.ts is pure), and what starting an import of uploaded files takes (decision 0085). Pure valibot.
 */
import * as v from "valibot";

export { EXPORT_FORMATS, type ExportFormat } from "./format.ts";

export const IMPORT_KINDS = ["open-prices", "osm", "commoncents"] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

const MIB = 1024 * 1024;
/** A town's OSM export or a day of Open Prices fits; a larger dump is for the command with the server stopped. */
export const MAX_IMPORT_UPLOAD_BYTES = 256 * MIB;
/** One piece of an upload: under the server's request-size limit (src/server.ts). */
export const IMPORT_PIECE_BYTES = 4 * MIB;

/** An upload's stored name, as POST /api/admin/imports/files answered it. */
const storedName = (what: string) =>
	v.pipe(
		v.string(`${what} must be the name an upload was given`),
		v.regex(/^[0-9a-f]{16}-[A-Za-z0-9._-]{1,80}$/, `${what} is not the name of an upload`),
	);

/** POST /api/admin/imports/files?name=&file=&offset=: one piece of an upload. */
export const ImportPieceQuerySchema = v.object({
	name: v.pipe(
		v.string("name is required: the file's own name"),
		v.nonEmpty("name is required: the file's own name"),
		v.maxLength(1024, "name is at most 1024 characters"),
	),
	file: v.optional(storedName("file")),
	offset: v.optional(
		v.pipe(v.string(), v.regex(/^\d{1,12}$/, "offset must be a whole number of bytes"), v.transform(Number)),
		"0",
	),
});

const size = (what: string) =>
	v.optional(
		v.pipe(
			v.number(`${what} must be a number of bytes`),
			v.integer(`${what} must be a whole number of bytes`),
			v.minValue(1, `${what} must be at least 1 byte`),
		),
	);

/** POST /api/admin/imports: what to import, from files uploaded first. */
export const StartImportSchema = v.pipe(
	v.object({
		kind: v.picklist(IMPORT_KINDS, `kind must be one of ${IMPORT_KINDS.join(", ")}`),
		file: storedName("file"),
		locations: v.optional(v.nullable(storedName("locations")), null),
		/** How the summary names the file (the command's path); the upload's own name otherwise. */
		name: v.optional(v.pipe(v.string(), v.maxLength(1024, "name is at most 1024 characters"))),
		maxBytes: size("maxBytes"),
		maxLineBytes: size("maxLineBytes"),
	}),
	v.check((input) => input.locations === null || input.kind === "open-prices", "locations is for open-prices only"),
);
