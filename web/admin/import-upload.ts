/**
 * The console's import of open data (decision 0085): a file goes up in pieces, each under the server's
 * request-size limit (so the page can say how much is sent), then the import starts and is followed.
 */
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { InferRequestType, InferResponseType } from "hono/client";
import { IMPORT_PIECE_BYTES } from "../../src/open-data/schemas.ts";
import { api, unwrap } from "../api/client.ts";
import { adminKeys } from "./queries.ts";

export type ImportJob = NonNullable<InferResponseType<typeof api.admin.imports.current.$get, 200>["import"]>;
export type ImportRequest = InferRequestType<typeof api.admin.imports.$post>["json"];

/** How often a running import is asked about. */
const POLL_MS = 1_000;

/** The latest import since the server started; asked again each second while it runs. */
export const currentImportQuery = queryOptions({
	queryKey: [...adminKeys.all, "import"] as const,
	queryFn: async () => (await unwrap(api.admin.imports.current.$get())).import,
	refetchInterval: (query) => (query.state.data?.state === "running" ? POLL_MS : false),
});

/** Sends `file` piece by piece, telling `onSent` the bytes sent so far; the upload's name on the server. */
export async function uploadForImport(file: File, onSent: (bytes: number) => void): Promise<string> {
	let stored: string | undefined;
	for (let offset = 0; offset < file.size; offset += IMPORT_PIECE_BYTES) {
		const piece = file.slice(offset, offset + IMPORT_PIECE_BYTES);
		const query = { name: file.name, offset: String(offset), ...(stored && { file: stored }) };
		const answer = await unwrap(
			api.admin.imports.files.$post(
				{ query },
				{ init: { body: piece, headers: { "content-type": "application/octet-stream" } } },
			),
		);
		stored = answer.file;
		onSent(answer.bytes);
	}
	if (!stored) throw new Error(`${file.name} is empty`);
	return stored;
}

export function useStartImport() {
	const queryClient = useQueryClient();
	return useMutation({
		mutationFn: (json: ImportRequest) => unwrap(api.admin.imports.$post({ json })),
		onSuccess: (job) => queryClient.setQueryData(currentImportQuery.queryKey, job),
	});
}
