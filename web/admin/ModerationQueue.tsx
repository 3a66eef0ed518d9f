import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { FLAG_REASON_LABEL } from "../../db/enums.ts";
import { failureText } from "../api/failure.ts";
import { useSessionLost } from "../auth/index.ts";
import { displayName } from "../components/Avatar.tsx";
import { timeAgo } from "../components/format.ts";
import { useOnEachFailure } from "../components/useOnEachFailure.ts";
import { useToast } from "../state/toast.ts";
import { type FlaggedReport, flagsQuery, type Resolution, useRelock, useResolveFlags } from "./queries.ts";
import { ReasonDialog, type ReasonRequest } from "./ReasonDialog.tsx";
import { accountAgeWords, accuracyWords, plural, reportPrice } from "./words.ts";

export const RESOLVE_FAILED = "Failed to resolve the flags";

type Acting = { item: FlaggedReport; action: Resolution["action"] };

/** What each action asks before it is taken. */
function requestOf({ item, action }: Acting): ReasonRequest {
	const who = `@${item.reporter.username}`;
	if (action === "dismiss")
		return {
			title: `Dismiss the flags on ${item.what}?`,
			text: `${plural(item.flags, "flag")} set aside${item.hidden ? " and the report listed again" : ""}. ${who}'s accuracy is unchanged.`,
			confirm: "Dismiss flags",
		};
	if (action === "expire")
		return {
			title: `Expire ${item.what}?`,
			text: `The report leaves search for good, and its flags are upheld: they count against ${who}'s accuracy.`,
			confirm: "Expire report",
			danger: true,
		};
	return {
		title: `Terminate ${who}?`,
		text: `They will only see the Account Suspended screen, with this reason. All their reports are withdrawn, this one expires and its flags are upheld.`,
		confirm: "Terminate reporter",
		danger: true,
	};
}

const DONE: Record<Resolution["action"], string> = {
	dismiss: "Flags dismissed",
	expire: "Report expired",
	terminate: "Reporter terminated",
};

/** The moderation queue: reports with open flags, most flagged first, and what to do with each. */
export function ModerationQueue() {
	const queue = useQuery(flagsQuery);
	const resolve = useResolveFlags();
	const [acting, setActing] = useState<Acting | null>(null);
	const [failure, setFailure] = useState<string | null>(null);
	const toast = useToast();
	const sessionLost = useSessionLost();
	const relock = useRelock();
	useOnEachFailure(queue.error, (error) => {
		if (!sessionLost(error)) relock(error);
	});

	const open = (next: Acting) => {
		setFailure(null);
		resolve.reset();
		setActing(next);
	};
	const confirm = (reason: string) => {
		if (!acting) return;
		const { item, action } = acting;
		resolve.mutate(
			{ kind: item.kind, reportId: item.reportId, action, reason },
			{
				onSuccess: (done) => {
					setActing(null);
					const withdrawn = done.reportsWithdrawn > 0 ? ` ${plural(done.reportsWithdrawn, "report")} withdrawn.` : "";
					const listed = done.listed ? " It is listed again." : "";
					toast({
						title: DONE[action],
						description: `${item.what}: ${plural(done.flagsResolved, "flag")} resolved.${listed}${withdrawn}`,
					});
				},
				onError: (error) => {
					if (sessionLost(error) || relock(error)) return setActing(null);
					setFailure(failureText(error));
				},
			},
		);
	};

	return (
		<section className="flex flex-col gap-3" aria-labelledby="queue-heading">
			<h3 id="queue-heading" className="font-semibold">
				Moderation queue
				{queue.data && queue.data.total > 0 && (
					<span className="ml-2 badge badge-error badge-sm">{queue.data.total.toLocaleString("en-US")} flagged</span>
				)}
			</h3>
			<QueueBody
				queue={queue.data?.items}
				loading={queue.isPending}
				failed={queue.isError}
				onRetry={() => void queue.refetch()}
				onAct={open}
			/>
			{queue.data && queue.data.total > queue.data.items.length && (
				<p className="text-sm text-base-content/70">
					Showing the {queue.data.items.length} most flagged of {queue.data.total.toLocaleString("en-US")}.
				</p>
			)}
			{acting && (
				<ReasonDialog
					request={requestOf(acting)}
					pending={resolve.isPending}
					failure={failure ? { title: RESOLVE_FAILED, text: failure } : null}
					onConfirm={confirm}
					onClose={() => setActing(null)}
				/>
			)}
		</section>
	);
}

function QueueBody({
	queue,
	loading,
	failed,
	onRetry,
	onAct,
}: {
	queue: FlaggedReport[] | undefined;
	loading: boolean;
	failed: boolean;
	onRetry: () => void;
	onAct: (acting: Acting) => void;
}) {
	if (loading) return <span className="loading loading-dots" role="status" aria-label="Loading the moderation queue" />;
	if (failed || !queue)
		return (
			<p className="flex items-center gap-2 text-sm text-error">
				Could not load the moderation queue.
				<button type="button" className="btn btn-xs btn-ghost" onClick={onRetry}>
					Try again
				</button>
			</p>
		);
	if (queue.length === 0) return <p className="text-sm text-base-content/70">No reports are flagged</p>;
	return (
		<ul className="flex flex-col gap-2">
			{queue.map((item) => (
				<li key={`${item.kind}-${item.reportId}`}>
					<FlaggedCard item={item} onAct={(action) => onAct({ item, action })} />
				</li>
			))}
		</ul>
	);
}

function FlaggedCard({ item, onAct }: { item: FlaggedReport; onAct: (action: Resolution["action"]) => void }) {
	const headingId = `flagged-${item.kind}-${item.reportId}`;
	const { reporter } = item;
	// A list of the page's buttons repeats the same three on every card: each says which report (and reporter) it is for.
	const which = `${headingId} ${headingId}-place`;
	return (
		<article
			aria-labelledby={headingId}
			className="flex flex-col gap-2 rounded-box border border-base-300 p-3"
			data-testid="flagged-report"
		>
			<div className="flex flex-wrap items-baseline justify-between gap-2">
				<h4 id={headingId} className="font-semibold">
					{item.what} <span className="font-normal">{reportPrice(item)}</span>
				</h4>
				<span className="flex flex-wrap gap-1">
					{item.hidden && <span className="badge badge-warning badge-sm">Hidden from search</span>}
					{item.expired && <span className="badge badge-ghost badge-sm">Expired</span>}
					<span className="badge badge-error badge-sm">{plural(item.flags, "flag")}</span>
				</span>
			</div>
			<p className="text-sm text-base-content/70">
				<span id={`${headingId}-place`}>
					{item.place.name}, {item.place.address}
				</span>{" "}
				· reported {timeAgo(item.createdAt)}
			</p>
			<p className="text-sm">
				<span id={`${headingId}-by`}>
					By {displayName(reporter)} (@{reporter.username})
				</span>{" "}
				· {accuracyWords(reporter.accuracy)}
				{reporter.isTerminated && <span className="ml-1 badge badge-error badge-sm">Reporter suspended</span>}
			</p>
			<p className="text-sm">
				Confidence {Math.round(item.confidence * 100)}% · first flagged {timeAgo(item.flaggedSince)}
			</p>
			<ul aria-label="Why it was flagged" className="flex flex-wrap gap-1">
				{item.reasons.map((r) => (
					<li key={r.reason} className="badge badge-ghost badge-sm">
						{FLAG_REASON_LABEL[r.reason]} ×{r.count}
					</li>
				))}
			</ul>
			{item.flaggers.length > 0 && <Flaggers item={item} />}
			<div className="flex flex-wrap gap-2">
				<button
					type="button"
					className="btn btn-sm btn-outline"
					aria-describedby={which}
					onClick={() => onAct("dismiss")}
				>
					Dismiss flags
				</button>
				<button
					type="button"
					className="btn btn-sm btn-outline"
					aria-describedby={which}
					onClick={() => onAct("expire")}
				>
					Expire report
				</button>
				<button
					type="button"
					className="btn btn-sm btn-error"
					aria-describedby={`${headingId}-by ${which}`}
					onClick={() => onAct("terminate")}
					disabled={reporter.isTerminated}
				>
					Terminate reporter
				</button>
			</div>
		</article>
	);
}

/** Who flagged it, to weigh their word: new accounts or poor records weigh little (decision 0071). */
function Flaggers({ item }: { item: FlaggedReport }) {
	return (
		<div className="text-sm">
			<p>
				Flagged by {plural(item.flaggers.length, "shopper")}, weighing {item.flagWeight.toFixed(2)} together
			</p>
			<ul aria-label="Who flagged it" className="ml-4 list-disc">
				{item.flaggers.map((f) => (
					<li key={f.username}>
						@{f.username}: {FLAG_REASON_LABEL[f.reason]} · {accountAgeWords(f.accountAgeDays)} ·{" "}
						{accuracyWords(f.accuracy)} · weighs {f.standing.toFixed(2)}
					</li>
				))}
			</ul>
		</div>
	);
}
