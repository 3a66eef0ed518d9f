import { useQuery } from "@tanstack/react-query";
import { useSessionLost } from "../auth/index.ts";
import { timeAgo } from "../components/format.ts";
import { useOnEachFailure } from "../components/useOnEachFailure.ts";
import { actionsQuery, useRelock } from "./queries.ts";
import { ACTION_LABEL } from "./words.ts";

/** The moderation record: who did what to whom, when and why, newest first. */
export function ModerationRecord() {
	const record = useQuery(actionsQuery);
	const sessionLost = useSessionLost();
	const relock = useRelock();
	useOnEachFailure(record.error, (error) => {
		if (!sessionLost(error)) relock(error);
	});

	let body: React.ReactNode;
	if (record.isPending)
		body = <span className="loading loading-dots" role="status" aria-label="Loading the moderation record" />;
	else if (record.isError)
		body = (
			<p className="flex items-center gap-2 text-sm text-error">
				Could not load the moderation record.
				<button type="button" className="btn btn-xs btn-ghost" onClick={() => void record.refetch()}>
					Try again
				</button>
			</p>
		);
	else if (record.data.length === 0) body = <p className="text-sm text-base-content/70">Nothing recorded yet</p>;
	else
		body = (
			<ol className="flex max-h-96 flex-col divide-y divide-base-300 overflow-y-auto rounded-box border border-base-300">
				{record.data.map((entry) => (
					<li key={entry.id} className="flex flex-col gap-0.5 p-2 text-sm" data-testid="record-entry">
						<p>
							<span className="font-semibold">{ACTION_LABEL[entry.action]}</span> · @{entry.target.username}
						</p>
						{entry.detail && <p className="text-base-content/70">{entry.detail}</p>}
						<p>
							<span className="text-base-content/70">Why: </span>
							{entry.reason}
						</p>
						<p className="text-xs text-base-content/70">
							By @{entry.moderator.username},{" "}
							<time dateTime={entry.createdAt} title={new Date(entry.createdAt).toLocaleString()}>
								{timeAgo(entry.createdAt)}
							</time>
						</p>
					</li>
				))}
			</ol>
		);

	return (
		<section className="flex flex-col gap-3" aria-labelledby="record-heading">
			<h3 id="record-heading" className="font-semibold">
				Moderation record
			</h3>
			{body}
		</section>
	);
}
