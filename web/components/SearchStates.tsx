import type { ReactNode } from "react";
import { clientSideText } from "../api/failure.ts";
import { AlertIcon, Icon } from "./landingIcons.tsx";

/**
 * A centred message for the prompt, empty and error states of a search or list; an error is an alert.
 * `testId` names it for tests (null for none); `padding` is its card's vertical room.
 */
export function SearchMessage({
	icon,
	title,
	tone = "neutral",
	children,
	testId = "search-message",
	padding = "py-10",
}: {
	icon: ReactNode;
	title: string;
	tone?: "neutral" | "error";
	children?: ReactNode;
	testId?: string | null;
	padding?: "py-8" | "py-10";
}) {
	const iconClass = tone === "error" ? "bg-error/10 text-error" : "bg-primary/10 text-primary";
	return (
		<div
			className="card border border-dashed border-base-300 bg-base-100"
			role={tone === "error" ? "alert" : undefined}
			data-testid={testId ?? undefined}
		>
			<div className={`card-body items-center gap-2 ${padding} text-center`}>
				<span className={`flex size-12 items-center justify-center rounded-full ${iconClass}`}>{icon}</span>
				<h2 className="text-lg font-semibold">{title}</h2>
				{children && <div className="flex max-w-sm flex-col items-center text-base-content/70">{children}</div>}
			</div>
		</div>
	);
}

/** A page's read that failed: what went wrong, and a way to ask again. */
export function ReadFailed({
	title,
	error,
	retry,
	testId,
}: {
	title: string;
	error: Error;
	retry: () => void;
	testId: string;
}) {
	return (
		<SearchMessage icon={<AlertIcon className="size-6" />} title={title} tone="error" testId={testId}>
			{clientSideText(error)}
			<button type="button" className="btn btn-sm btn-outline mt-2" onClick={retry}>
				Try again
			</button>
		</SearchMessage>
	);
}

/** Placeholder cards while the first answer of a search is on its way. */
export function ResultsSkeleton() {
	return (
		<div role="status" aria-label="Searching" className="grid grid-cols-1 gap-4 md:grid-cols-2">
			{[0, 1, 2, 3].map((i) => (
				<div key={i} className="card bg-base-100 shadow-sm" aria-hidden="true">
					<div className="card-body gap-3 p-4">
						<div className="skeleton h-5 w-2/3" />
						<div className="skeleton h-4 w-1/2" />
						<div className="skeleton h-4 w-full" />
						<div className="flex justify-between pt-2">
							<div className="skeleton h-8 w-16" />
							<div className="skeleton h-8 w-28" />
						</div>
					</div>
				</div>
			))}
			<span className="sr-only">Searching…</span>
		</div>
	);
}

/** A search asked for without a connection: it says so, rather than placeholders that never fill. */
export function OfflineSearch({ children }: { children: ReactNode }) {
	return (
		<SearchMessage
			icon={
				<Icon className="size-6">
					<path d="M2 8.8a15 15 0 0 1 4.2-2.6M9.5 5.2A15 15 0 0 1 22 8.8M5 12.5a10 10 0 0 1 4-2.2M15.5 10.6a10 10 0 0 1 3.5 1.9M8.5 16a5 5 0 0 1 7 0M12 20h.01M3 3l18 18" />
				</Icon>
			}
			title="You're offline"
			testId="search-offline"
		>
			{children}
		</SearchMessage>
	);
}
