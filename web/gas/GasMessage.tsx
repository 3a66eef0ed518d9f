import type { ComponentProps } from "react";
import { SearchMessage } from "../components/SearchStates.tsx";

/** A centred card for the Gas page's prompt, empty and error states: the search's, a little tighter. */
export function GasMessage({ testId, ...message }: Omit<ComponentProps<typeof SearchMessage>, "padding">) {
	return <SearchMessage {...message} testId={testId ?? null} padding="py-8" />;
}

/** Grey bars in the shape of the list on its way. */
export function ListSkeleton({ label, rows = 3 }: { label: string; rows?: number }) {
	return (
		<div role="status" aria-label={label} className="flex flex-col gap-3">
			{Array.from({ length: rows }, (_, i) => (
				<div key={i} className="card bg-base-100 shadow-sm" aria-hidden="true">
					<div className="card-body gap-3 p-4">
						<div className="skeleton h-5 w-1/2" />
						<div className="skeleton h-4 w-2/3" />
						<div className="skeleton h-6 w-1/3" />
					</div>
				</div>
			))}
			<span className="sr-only">{label}…</span>
		</div>
	);
}
