import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { IMPORT_KINDS, type ImportKind, MAX_IMPORT_UPLOAD_BYTES } from "../../src/open-data/schemas.ts";
import { failureText } from "../api/failure.ts";
import { useSessionLost } from "../auth/index.ts";
import { SubmitButton } from "../components/SubmitButton.tsx";
import { useOnEachFailure } from "../components/useOnEachFailure.ts";
import { currentImportQuery, type ImportJob, uploadForImport, useStartImport } from "./import-upload.ts";
import { useRelock } from "./queries.ts";

const KIND_LABEL: Record<ImportKind, { name: string; hint: string }> = {
	"open-prices": { name: "Open Prices", hint: "Its prices dump (prices.jsonl.gz), with its locations file" },
	osm: { name: "OpenStreetMap", hint: "An Overpass export of the town's shops and fuel stations (GeoJSON)" },
	commoncents: { name: "CommonCents export", hint: "Another instance's open-data export (JSON lines)" },
};

const MIB = 1024 * 1024;
const mib = (bytes: number) => `${(bytes / MIB).toFixed(1)} MiB`;
const n = (count: number) => count.toLocaleString("en-US");

type Upload = { name: string; sent: number; total: number };

/**
 * Starts a town from open data while the server runs (decision 0085): the same import as `commoncents
 * import`, of a file uploaded here, followed to its summary.
 */
export function ImportData() {
	const ids = useId();
	const [kind, setKind] = useState<ImportKind>("osm");
	const [file, setFile] = useState<File | null>(null);
	const [locations, setLocations] = useState<File | null>(null);
	const [upload, setUpload] = useState<Upload | null>(null);
	const [failure, setFailure] = useState<string | null>(null);
	const current = useQuery(currentImportQuery);
	const start = useStartImport();
	const sessionLost = useSessionLost();
	const relock = useRelock();
	useOnEachFailure(current.error, (error) => {
		if (!sessionLost(error)) relock(error);
	});

	const running = current.data?.state === "running";
	const busy = upload !== null || start.isPending;
	const tooLarge = [file, locations].find((f) => f && f.size > MAX_IMPORT_UPLOAD_BYTES);
	const missing = [...(file ? [] : ["file"]), ...(running ? ["the running import to end"] : [])];

	const submit = async () => {
		if (!file || busy || running || missing.length > 0) return;
		if (tooLarge)
			return setFailure(
				`${tooLarge.name} is over ${mib(MAX_IMPORT_UPLOAD_BYTES)}: import it with the command, the server stopped`,
			);
		setFailure(null);
		try {
			const send = async (f: File) => {
				setUpload({ name: f.name, sent: 0, total: f.size });
				return uploadForImport(f, (sent) => setUpload({ name: f.name, sent, total: f.size }));
			};
			const stored = await send(file);
			const storedLocations = kind === "open-prices" && locations ? await send(locations) : null;
			setUpload(null);
			await start.mutateAsync({ kind, file: stored, locations: storedLocations, name: file.name });
		} catch (error) {
			setUpload(null);
			if (sessionLost(error) || relock(error)) return;
			setFailure(failureText(error));
		}
	};

	return (
		<section className="flex flex-col gap-3" aria-labelledby={`${ids}-heading`}>
			<h3 id={`${ids}-heading`} className="font-semibold">
				Import open data
			</h3>
			<p className="text-sm text-base-content/70">
				Start a town from open data while the app keeps serving. A second import of the same file adds nothing.
			</p>
			<form
				className="flex flex-col gap-3"
				onSubmit={(e) => {
					e.preventDefault();
					void submit();
				}}
			>
				{/* A list rather than radios: the console's radios are its users to choose from. */}
				<div className="flex flex-col gap-1">
					<label htmlFor={`${ids}-kind`} className="text-sm font-medium">
						Source
					</label>
					<select
						id={`${ids}-kind`}
						className="select select-sm w-full"
						value={kind}
						aria-describedby={`${ids}-kind-hint`}
						onChange={(e) => setKind(e.target.value as ImportKind)}
					>
						{IMPORT_KINDS.map((k) => (
							<option key={k} value={k}>
								{KIND_LABEL[k].name}
							</option>
						))}
					</select>
					<p id={`${ids}-kind-hint`} className="text-xs text-base-content/70">
						{KIND_LABEL[kind].hint}
					</p>
				</div>
				<FilePick id={`${ids}-file`} label="File to import" onPick={setFile} />
				{kind === "open-prices" && (
					<FilePick id={`${ids}-locations`} label="Locations file (optional)" onPick={setLocations} />
				)}
				{failure && (
					<p role="alert" className="text-sm text-error">
						{failure}
					</p>
				)}
				<SubmitButton busy={busy} missing={missing} align="start">
					Start import
				</SubmitButton>
			</form>
			{upload && (
				<div className="flex flex-col gap-1 text-sm" role="status">
					<span>
						Uploading {upload.name}: {mib(upload.sent)} of {mib(upload.total)}
					</span>
					<progress
						className="progress w-full"
						value={upload.sent}
						max={upload.total}
						aria-label={`Uploading ${upload.name}`}
					/>
				</div>
			)}
			{current.isError && (
				<div className="flex items-center gap-2 text-sm text-error">
					<span role="alert">Could not load the latest import.</span>
					<button type="button" className="btn btn-xs btn-ghost" onClick={() => void current.refetch()}>
						Try again
					</button>
				</div>
			)}
			{current.data && <ImportProgress job={current.data} />}
		</section>
	);
}

function FilePick({ id, label, onPick }: { id: string; label: string; onPick: (file: File | null) => void }) {
	return (
		<div className="flex flex-col gap-1">
			<label htmlFor={id} className="text-sm font-medium">
				{label}
			</label>
			<input
				id={id}
				type="file"
				className="file-input file-input-sm w-full"
				onChange={(e) => onPick(e.target.files?.[0] ?? null)}
			/>
		</div>
	);
}

/** The latest import: its counts while it runs, then its summary or why it failed. */
function ImportProgress({ job }: { job: ImportJob }) {
	const counts = `${n(job.read)} records read: ${n(job.added)} added, ${n(job.leftOut)} left out`;
	return (
		<div className="flex flex-col gap-2 rounded-box border border-base-300 p-3 text-sm" data-testid="import-progress">
			<p role="status">
				{job.state === "running" && `Importing ${job.name}: ${counts}`}
				{job.state === "done" && `Imported ${job.name}: ${counts}`}
				{job.state === "failed" && `The import of ${job.name} stopped: ${counts}`}
			</p>
			{job.state === "running" && <progress className="progress w-full" aria-label={`Importing ${job.name}`} />}
			{job.state === "failed" && job.message && (
				<p role="alert" className="text-error">
					{job.message}
				</p>
			)}
			{job.state !== "running" && job.lines.length > 0 && (
				<pre className="overflow-x-auto whitespace-pre-wrap text-xs" data-testid="import-summary">
					{job.lines.join("\n")}
				</pre>
			)}
		</div>
	);
}
