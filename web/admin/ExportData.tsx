import { queryOptions, useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { EXPORT_FORMATS, type ExportFormat } from "../../src/open-data/schemas.ts";
import { api, unwrap } from "../api/client.ts";
import { useSessionLost } from "../auth/index.ts";
import { useOnEachFailure } from "../components/useOnEachFailure.ts";
import { adminKeys, useRelock } from "./queries.ts";

/** Under the console's prefix, so signing out forgets it with the rest. */
const exportSummaryQuery = queryOptions({
	queryKey: [...adminKeys.all, "export-summary"] as const,
	queryFn: () => unwrap(api.admin.export.summary.$get()),
});

const FORMAT_LABEL: Record<ExportFormat, { name: string; hint: string }> = {
	jsonl: { name: "JSON lines", hint: "Every store, station and price, as commoncents import reads them" },
	csv: { name: "CSV", hint: "A row per price with its store or station, for a spreadsheet" },
};

const count = (n: number, one: string, many: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/**
 * The open-data export (decision 0069) as a download: the same file as `commoncents export`, streamed by the
 * server. A plain link, so the browser saves it as it arrives rather than after holding it all in the page.
 */
export function ExportData() {
	const ids = useId();
	const summary = useQuery(exportSummaryQuery);
	const sessionLost = useSessionLost();
	const relock = useRelock();
	useOnEachFailure(summary.error, (error) => {
		if (!sessionLost(error)) relock(error);
	});

	let about: React.ReactNode;
	if (summary.isPending)
		about = <span className="loading loading-dots" role="status" aria-label="Loading what the export holds" />;
	else if (summary.isError)
		about = (
			<div className="flex items-center gap-2 text-sm text-error">
				<span role="alert">Could not load what the export holds.</span>
				<button type="button" className="btn btn-xs btn-ghost" onClick={() => void summary.refetch()}>
					Try again
				</button>
			</div>
		);
	else {
		const { counts, license, licenseUrl, attribution } = summary.data;
		about = (
			<div className="flex flex-col gap-1 text-sm" data-testid="export-summary">
				<p>
					{count(counts.prices, "price", "prices")} at {count(counts.stores, "store", "stores")} and{" "}
					{count(counts.fuelPrices, "fuel price", "fuel prices")} at {count(counts.stations, "station", "stations")}.
				</p>
				<p>
					<span className="text-base-content/70">Licence: </span>
					{licenseUrl ? (
						<a className="link" href={licenseUrl} target="_blank" rel="noreferrer">
							{license}
						</a>
					) : (
						license
					)}
					<span className="text-base-content/70"> · Attribution: </span>
					{attribution}
				</p>
			</div>
		);
	}

	return (
		<section className="flex flex-col gap-3" aria-labelledby={`${ids}-heading`}>
			<h3 id={`${ids}-heading`} className="font-semibold">
				Open data export
			</h3>
			<p className="text-sm text-base-content/70">
				The live prices with their stores and stations, ZIP and freshness. Nothing private: a reporter is named only
				where their profile and activity are public. Every copy carries the licence and attribution below.
			</p>
			{about}
			{/* A link per format rather than a choice and a button: one tap, and nothing to get out of step. */}
			<ul className="grid grid-cols-1 gap-2 sm:grid-cols-2">
				{EXPORT_FORMATS.map((format) => (
					<li key={format} className="flex flex-col gap-1 rounded-box border border-base-300 p-3">
						<a
							className="btn btn-outline btn-sm"
							href={`/api/admin/export?format=${format}`}
							download
							aria-describedby={`${ids}-${format}-hint`}
						>
							Download {FORMAT_LABEL[format].name}
						</a>
						<p id={`${ids}-${format}-hint`} className="text-xs text-base-content/70">
							{FORMAT_LABEL[format].hint}
						</p>
					</li>
				))}
			</ul>
		</section>
	);
}
