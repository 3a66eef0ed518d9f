import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { clientSideText } from "../api/failure.ts";
import { timeAgo } from "../components/format.ts";
import { useToast } from "../state/toast.ts";
import { type Notice, noticesQuery, useMarkNoticesRead } from "./queries.ts";

/** Settings' notices: what happened to the shopper's own reports (hidden by flags, listed again, removed). */
export function NoticeList() {
	const notices = useQuery(noticesQuery);
	const markRead = useMarkNoticesRead();
	const toast = useToast();
	const read = (ids?: number[]) =>
		markRead.mutate(ids, {
			onError: (error) =>
				toast({ title: "Could not mark as read", description: clientSideText(error), variant: "error" }),
		});
	const unread = notices.data?.unread ?? 0;

	let body: React.ReactNode;
	if (notices.data && notices.data.notices.length === 0)
		body = (
			<p className="text-sm text-base-content/70" data-testid="notices-empty">
				Nothing to tell you yet. If shoppers flag one of your prices, you will hear it here.
			</p>
		);
	else if (notices.data)
		body = (
			<ul className="flex flex-col divide-y divide-base-300" data-testid="notices">
				{notices.data.notices.map((n) => (
					<NoticeItem key={n.id} notice={n} onOpen={() => !n.read && read([n.id])} />
				))}
			</ul>
		);
	else if (notices.isError)
		body = (
			<div role="alert" className="alert alert-error alert-soft flex flex-wrap">
				<span>Your notices could not be loaded. {clientSideText(notices.error)}</span>
				<button type="button" className="btn btn-sm" onClick={() => void notices.refetch()}>
					Try again
				</button>
			</div>
		);
	else
		body = (
			<div role="status" className="flex flex-col gap-2">
				<div className="skeleton h-4 w-2/3" aria-hidden="true" />
				<div className="skeleton h-4 w-1/2" aria-hidden="true" />
				<span className="sr-only">Loading your notices…</span>
			</div>
		);

	return (
		<section id="notices" aria-labelledby="notices-heading" className="card bg-base-100 shadow-sm scroll-mt-20">
			<div className="card-body gap-3">
				<div className="flex flex-wrap items-center justify-between gap-2">
					<h2 id="notices-heading" className="font-semibold">
						Notices about your prices
						{unread > 0 && (
							<span className="badge badge-primary badge-sm ml-2" data-testid="notices-unread">
								{unread} new
							</span>
						)}
					</h2>
					{unread > 0 && (
						<button
							type="button"
							className="btn btn-ghost btn-sm"
							disabled={markRead.isPending}
							onClick={() => read(undefined)}
						>
							Mark all read
						</button>
					)}
				</div>
				{body}
			</div>
		</section>
	);
}

function NoticeItem({ notice, onOpen }: { notice: Notice; onOpen: () => void }) {
	return (
		<li className="flex items-start gap-3 py-2" data-testid="notice">
			<span
				aria-hidden="true"
				className={`mt-1.5 size-2 shrink-0 rounded-full ${notice.read ? "bg-transparent" : "bg-primary"}`}
			/>
			<div className="flex min-w-0 flex-col gap-0.5 wrap-anywhere">
				<span className="text-sm font-medium">
					{!notice.read && <span className="sr-only">Unread: </span>}
					{notice.title}
				</span>
				<span className="text-sm text-base-content/80">{notice.message}</span>
				<span className="flex flex-wrap gap-x-3 text-xs text-base-content/70">
					<time dateTime={notice.createdAt}>{timeAgo(notice.createdAt)}</time>
					{notice.url && (
						<Link to={notice.url} className="link" onClick={onOpen}>
							{notice.market === "fuel" ? "Open the Gas page" : "See your price"}
						</Link>
					)}
					{!notice.read && !notice.url && (
						<button type="button" className="link" onClick={onOpen}>
							Mark read
						</button>
					)}
				</span>
			</div>
		</li>
	);
}
