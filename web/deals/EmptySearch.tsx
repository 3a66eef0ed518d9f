import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { isDuplicateAlert, useCreateAlert } from "../alerts/index.ts";
import { useSessionLost } from "../auth/index.ts";
import { BellIcon, CheckIcon, PencilIcon, PinIcon, SearchIcon } from "../components/icons.tsx";
import { SearchMessage } from "../components/SearchStates.tsx";
import { useToast } from "../state/toast.ts";
import type { ChipFilter, Widened } from "./homeState.ts";
import { nearestQuery } from "./queries.ts";
import { FILTER_LABEL } from "./SearchChips.tsx";

/** A button whose label (the shopper's words) may be longer than a phone is wide: it wraps, and grows. */
const WRAPS = "h-auto min-h-8 py-1 whitespace-normal wrap-anywhere";

export const ALERT_FAILED_MESSAGE = "Failed to create price alert. Please try again.";

/** What was looked for, as a sentence names it: "“milk”", "Groceries deals", "Groceries deals for “milk”". */
export function whatWasSought(q: string, filter: ChipFilter | null) {
	if (!filter) return `“${q}”`;
	return `${FILTER_LABEL[filter]} deals${q ? ` for “${q}”` : ""}`;
}

/** Where a search looked: the neighbourhood, or as far as the shopper widened it. */
export const whereSought = (zipCode: string, widened: Widened | null) =>
	widened ? `within ${widened.miles} miles of ${zipCode}` : `within 20 zip codes of ${zipCode}`;

type Props = {
	q: string;
	filter: ChipFilter | null;
	zipCode: string;
	widened: Widened | null;
	online: boolean;
	/** Opens Report Prices with the words as its product name. */
	onReport: () => void;
	/** Opens the Alerts tab. */
	onShowAlerts: () => void;
	/** Runs the same search again, as far as the nearest reports. */
	onWiden: (widened: Widened) => void;
	/** Runs the same words again without the chip's filter. */
	onSearchAll: () => void;
};

/**
 * A search that found nothing ("empty towns invite"): something to do in one tap (search the words in every
 * category when a chip narrowed them, report a price of it, or be told when anyone does), and, when the search
 * was of the neighbourhood, how far the nearest reports are, with a search that reaches them.
 */
export function EmptySearch({
	q,
	filter,
	zipCode,
	widened,
	online,
	onReport,
	onShowAlerts,
	onWiden,
	onSearchAll,
}: Props) {
	const nearest = useQuery({
		...nearestQuery({ q, category: filter, zipCode }),
		enabled: widened === null && online,
	});
	return (
		<SearchMessage
			icon={<SearchIcon className="size-6" />}
			title={filter ? `No ${FILTER_LABEL[filter]} deals found` : "No deals found"}
		>
			<p className="wrap-anywhere">
				Nobody has reported {whatWasSought(q, filter)} {whereSought(zipCode, widened)} yet.
			</p>
			<div className="mt-4 flex flex-wrap justify-center gap-2">
				{/* The words may be there under another category: the likeliest next step comes first. */}
				{filter && q && (
					<button type="button" className="btn btn-sm btn-primary" onClick={onSearchAll}>
						<SearchIcon className="size-4" />
						Search all categories
					</button>
				)}
				<button
					type="button"
					className={`btn btn-sm ${filter && q ? "btn-outline" : "btn-primary"}`}
					onClick={onReport}
				>
					<PencilIcon className="size-4" />
					Report a price
				</button>
				{q && <AlertAnyPrice q={q} zipCode={zipCode} onShowAlerts={onShowAlerts} />}
			</div>
			{widened === null && nearest.isPending && online && (
				<p role="status" className="mt-4 flex items-center gap-2 text-sm">
					<span className="loading loading-spinner loading-xs" aria-hidden="true" />
					Looking farther away…
				</p>
			)}
			{widened === null && nearest.data && (
				<div className="mt-4 flex flex-col items-center gap-2" data-testid="nearest-reports">
					<p className="flex items-center gap-1 text-base-content wrap-anywhere">
						<PinIcon className="size-4 shrink-0" />
						The nearest {nearestWhat(q, filter)} are {nearest.data.miles} miles away.
					</p>
					<button
						type="button"
						className={`btn btn-sm btn-outline ${WRAPS}`}
						onClick={() => nearest.data && onWiden(nearest.data)}
					>
						Show deals within {nearest.data.miles} miles
					</button>
				</div>
			)}
		</SearchMessage>
	);
}

/** "reports of “milk”", "Groceries reports", "Groceries reports of “milk”". */
const nearestWhat = (q: string, filter: ChipFilter | null) =>
	`${filter ? `${FILTER_LABEL[filter]} ` : ""}reports${q ? ` of “${q}”` : ""}`;

/** "Alert me when anyone reports “milk” near me": a price alert for the words at any price, in one tap. */
function AlertAnyPrice({ q, zipCode, onShowAlerts }: { q: string; zipCode: string; onShowAlerts: () => void }) {
	const create = useCreateAlert();
	const toast = useToast();
	const sessionLost = useSessionLost();
	// The words it was set for: another search's empty state offers its own alert again.
	const [setFor, setSetFor] = useState<string | null>(null);
	const asked = useRef<HTMLButtonElement>(null);
	const seeAlerts = useRef<HTMLButtonElement>(null);
	const told = `We will tell you when anyone reports ${q} near ${zipCode}.`;
	// The button goes once the alert is set: the focus it had moves on to the way to the alert, once that is
	// on screen (after the render, however late the render comes: not on the next frame).
	const moveFocus = useRef(false);
	const settled = () => {
		moveFocus.current = document.activeElement === asked.current;
		setSetFor(q);
	};
	useEffect(() => {
		if (setFor !== q || !moveFocus.current) return;
		moveFocus.current = false;
		seeAlerts.current?.focus();
	}, [setFor, q]);
	const alert = () => {
		if (create.isPending) return;
		create.mutate(
			{ productName: q, targetPrice: null, categoryId: null },
			{
				onSuccess: () => {
					settled();
					toast({ title: "Price alert created", description: told });
				},
				onError: (error) => {
					if (sessionLost(error)) return;
					if (isDuplicateAlert(error)) {
						settled();
						toast({ title: "You already have this price alert", description: "It is in your list." });
						return;
					}
					toast({ title: ALERT_FAILED_MESSAGE, variant: "error" });
				},
			},
		);
	};
	if (setFor === q) {
		return (
			<>
				<p className="flex items-center gap-1 text-base-content wrap-anywhere">
					<CheckIcon className="size-4 shrink-0 text-success" />
					Alert set for “{q}”
				</p>
				<button ref={seeAlerts} type="button" className="btn btn-sm btn-ghost" onClick={onShowAlerts}>
					See your alerts
				</button>
			</>
		);
	}
	return (
		<button
			ref={asked}
			type="button"
			className={`btn btn-sm btn-outline ${WRAPS}`}
			// aria-disabled, not disabled: a disabled button drops the keyboard's focus to the page.
			aria-disabled={create.isPending || undefined}
			onClick={alert}
		>
			<BellIcon className="size-4" />
			Alert me when anyone reports “{q}” near me
			{create.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
		</button>
	);
}
