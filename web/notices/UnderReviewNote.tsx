import { AlertIcon } from "../components/icons.tsx";

export const UNDER_REVIEW_TEXT = "Hidden while a moderator looks";

/** On the reporter's own report that flags hid: why nobody else sees it (decision 0076). */
export function UnderReviewNote({ compact = false }: { compact?: boolean }) {
	if (compact)
		return (
			<span className="badge badge-warning badge-soft badge-sm" data-testid="under-review">
				{UNDER_REVIEW_TEXT}
			</span>
		);
	return (
		<p role="note" className="flex items-start gap-1.5 text-xs text-(--warning-ink)" data-testid="under-review">
			<AlertIcon className="mt-px size-3.5 shrink-0" />
			<span>
				<strong className="font-semibold">{UNDER_REVIEW_TEXT}.</strong> Shoppers flagged this price, so only you can see
				it until a moderator decides. We will tell you what they decide.
			</span>
		</p>
	);
}
