/** The pieces both history pages are made of: the choosers, the way back, the figures, the placeholders. */
import { Link, useCanGoBack, useRouter } from "@tanstack/react-router";
import { type ReactNode, useRef } from "react";
import { DEFAULT_CHART_HEIGHT } from "../components/charts/series.ts";
import { ChevronDownIcon } from "../components/icons.tsx";
import { ReadFailed } from "../components/SearchStates.tsx";

/**
 * A choice of a few (a window, a fuel) as joined radio buttons: arrow keys move between them, and a screen
 * reader hears the group's name and which is chosen.
 */
export function SegmentedChoice<T extends string | number>({
	legend,
	name,
	choices,
	value,
	onChange,
}: {
	legend: string;
	name: string;
	choices: readonly { value: T; label: string }[];
	value: T;
	onChange: (value: T) => void;
}) {
	return (
		<fieldset className="flex min-w-0 flex-col gap-1">
			<legend className="mb-1 text-sm text-base-content/75">{legend}</legend>
			<div className="join w-full">
				{choices.map((c) => (
					<input
						key={c.value}
						type="radio"
						name={name}
						value={c.value}
						aria-label={c.label}
						className="join-item btn btn-sm flex-1 px-1"
						checked={value === c.value}
						onChange={() => onChange(c.value)}
					/>
				))}
			</div>
		</fieldset>
	);
}

/** Back where the shopper came from; to `fallback` when the page was opened first (a link from elsewhere). */
export function BackButton({ fallback, label }: { fallback: "/" | "/gas"; label: string }) {
	const router = useRouter();
	const canGoBack = useCanGoBack();
	const content = (
		<>
			<ChevronDownIcon className="size-4 rotate-90" />
			{canGoBack ? "Back" : label}
		</>
	);
	const className = "btn btn-ghost btn-sm -ml-2 self-start";
	return canGoBack ? (
		<button type="button" className={className} onClick={() => router.history.back()}>
			{content}
		</button>
	) : (
		<Link to={fallback} className={className}>
			{content}
		</Link>
	);
}

/** One figure of the summary (in a <dl>): its name with its window, the price, and a line of where and when. */
export function Figure({
	title,
	value,
	note,
	testId,
}: {
	title: string;
	value: string;
	note?: ReactNode;
	testId: string;
}) {
	return (
		<div className="card gap-0.5 bg-base-100 p-3 shadow-sm sm:p-4" data-testid={testId}>
			<dt className="text-xs font-medium text-base-content/75">{title}</dt>
			<dd className="text-xl font-bold tabular-nums sm:text-2xl">{value}</dd>
			{note && <dd className="text-xs text-base-content/75 wrap-anywhere">{note}</dd>}
		</div>
	);
}

/** The shape of the page on its way: the figures and the chart. */
export function HistorySkeleton({ label }: { label: string }) {
	return (
		<div role="status" className="flex flex-col gap-4" data-testid="history-loading">
			<div className="grid grid-cols-3 gap-2 sm:gap-4" aria-hidden="true">
				{[0, 1, 2].map((i) => (
					<div key={i} className="card bg-base-100 shadow-sm">
						<div className="card-body gap-2 p-3 sm:p-4">
							<div className="skeleton h-3 w-2/3" />
							<div className="skeleton h-6 w-full" />
						</div>
					</div>
				))}
			</div>
			<div className="card bg-base-100 shadow-sm" aria-hidden="true">
				<div className="card-body p-4">
					<div className="skeleton w-full" style={{ height: DEFAULT_CHART_HEIGHT }} />
				</div>
			</div>
			<span className="sr-only">{label}…</span>
		</div>
	);
}

/**
 * When the shown answer came, kept while another one loads: the placeholder a query shows meanwhile has no time
 * of its own (0), which would move the chart's window to 1970 and back.
 */
export function useSteadyTime(updatedAt: number): number {
	const last = useRef(updatedAt);
	if (updatedAt > 0) last.current = updatedAt;
	return last.current || Date.now();
}

/** Whether two spellings name the same product, as the server compares names (case and spacing aside). */
export const sameName = (a: string, b: string) => {
	const key = (s: string) => s.trim().replace(/\s+/g, " ").toLowerCase();
	return key(a) === key(b);
};

/** A history that failed to load: what went wrong, and a way to ask again. */
export function HistoryFailed({ title, error, retry }: { title: string; error: Error; retry: () => void }) {
	return <ReadFailed title={title} error={error} retry={retry} testId="history-failed" />;
}
