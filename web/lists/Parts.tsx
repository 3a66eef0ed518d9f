import type { ReactNode } from "react";
import { ReadFailed } from "../components/SearchStates.tsx";

/** A list's page while it loads: the rows it will have, with a name a screen reader reads. */
export function ListSkeleton({ label }: { label: string }) {
	return (
		<div role="status" className="flex flex-col gap-2" data-testid="lists-loading">
			<span className="sr-only">{label}</span>
			{[0, 1, 2].map((i) => (
				<div key={i} className="skeleton h-12 w-full" aria-hidden="true" />
			))}
		</div>
	);
}

/** A read that failed: what went wrong, and a way to ask again. */
export function ListFailed({ title, error, retry }: { title: string; error: Error; retry: () => void }) {
	return <ReadFailed title={title} error={error} retry={retry} testId="lists-failed" />;
}

/** A card with a heading of its own. */
export function Panel({
	title,
	id,
	children,
	action,
}: {
	title: string;
	id: string;
	children: ReactNode;
	action?: ReactNode;
}) {
	return (
		<section aria-labelledby={id} className="card bg-base-100 shadow-sm">
			<div className="card-body gap-3 p-4">
				<div className="flex flex-wrap items-center justify-between gap-2">
					<h2 id={id} className="card-title text-lg">
						{title}
					</h2>
					{action}
				</div>
				{children}
			</div>
		</section>
	);
}
