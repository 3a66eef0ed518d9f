import { Hono } from "hono";
import * as v from "valibot";
import { instanceIdOf } from "../data/instance-settings.ts";
import { exportCounts } from "../data/open-data-export.ts";
import type { AppEnv } from "../lib/context.ts";
import { requireAdminUnlock } from "../lib/guards.ts";
import { log } from "../lib/log.ts";
import { doc } from "../lib/openapi.ts";
import { queryParams } from "../lib/validate.ts";
import { openDataChunks } from "./export.ts";
import { EXPORT_FORMATS, type ExportFormat } from "./format.ts";

const TAG = "Developer console";

const ExportQuerySchema = v.object({
	format: v.optional(v.picklist(EXPORT_FORMATS, 'format must be "jsonl" or "csv"'), "jsonl"),
});

const CONTENT_TYPE: Record<ExportFormat, string> = {
	jsonl: "application/jsonl; charset=utf-8",
	csv: "text/csv; charset=utf-8; header=present",
};

/**
 * /api/admin/export: the open-data export as a download, behind the console's passkey (adminRoutes' unlock
 * check covers /api/admin/*; each handler asks again, as the console's others do).
 */
export const exportRoutes = new Hono<AppEnv>()
	.get(
		"/summary",
		doc({
			summary: "Say what the open-data export holds and the licence it carries",
			tag: TAG,
			access: "console",
			errors: [401, 403, 404],
			ok: { description: "The licence, attribution and how many live prices, stores and stations" },
		}),
		async (c) => {
			requireAdminUnlock(c);
			const { license, licenseUrl, attribution } = c.get("config").openData;
			return c.json({ license, licenseUrl, attribution, counts: await exportCounts(c.get("db")) }, 200);
		},
	)
	.get(
		"/",
		doc({
			summary: "Download the open-data export",
			description:
				"The live prices, stores and stations, without private data, stamped with the licence and attribution " +
				"(decision 0069): JSON lines (`format=jsonl`, the default) or CSV. Streamed as an attachment.",
			tag: TAG,
			access: "console",
			errors: [400, 401, 403, 404],
			ok: { description: "The export file (application/jsonl or text/csv)" },
		}),
		queryParams(ExportQuerySchema),
		async (c) => {
			requireAdminUnlock(c);
			const { format } = c.req.valid("query");
			const config = c.get("config");
			// Made on the server's own connection when this is the first export: no second writer is opened.
			const instance = await instanceIdOf(c.get("db"), config.dataDir);
			const chunks = openDataChunks(config.dbPath, { format, ...config.openData, instance });
			// The first chunk is read before answering: a database that cannot be read is an error, not an empty file.
			let next: IteratorResult<string, unknown> | null = chunks.next();
			const encoder = new TextEncoder();
			const requestId = c.var.requestId;
			const body = new ReadableStream<Uint8Array>({
				pull(controller) {
					try {
						const chunk = next ?? chunks.next();
						next = null;
						if (chunk.done) controller.close();
						else controller.enqueue(encoder.encode(chunk.value));
					} catch (error) {
						log.error("open-data export failed mid-stream", { requestId, err: error });
						controller.error(error);
					}
				},
				// A download cancelled: the generator's finally closes its connection.
				cancel() {
					chunks.return(undefined as never);
				},
			});
			const day = new Date().toISOString().slice(0, 10);
			return c.body(body, 200, {
				"Content-Type": CONTENT_TYPE[format],
				"Content-Disposition": `attachment; filename="commoncents-open-data-${day}.${format}"`,
			});
		},
	);
