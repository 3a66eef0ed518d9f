import type { ReactNode } from "react";

/** A centred card for the Gas page's prompt, empty and error states. */
export function GasMessage({
	icon,
	title,
	tone = "neutral",
	children,
	testId,
}: {
	icon: ReactNode;
	title: string;
	tone?: "neutral" | "error";
	children?: ReactNode;
	testId?: string;
}) {
	const iconClass = tone === "error" ? "bg-error/10 text-error" : "bg-primary/10 text-primary";
	return (
		<div
			className="card border border-dashed border-base-300 bg-base-100"
			role={tone === "error" ? "alert" : undefined}
			data-testid={testId}
		>
			<div className="card-body items-center gap-2 py-8 text-center">
				<span className={`flex size-12 items-center justify-center rounded-full ${iconClass}`}>{icon}</span>
				<h2 className="text-lg font-semibold">{title}</h2>
				{children && <div className="flex max-w-sm flex-col items-center text-base-content/70">{children}</div>}
			</div>
		</div>
	);
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
