import type { ReactNode } from "react";

/** A tidy "on its way" card for screens a later release fills. */
export function Placeholder({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
	return (
		<div className="card border border-dashed border-base-300 bg-base-100">
			<div className="card-body items-center gap-3 py-10 text-center">
				<span className="flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">{icon}</span>
				<h3 className="text-lg font-semibold">{title}</h3>
				<p className="max-w-sm text-base-content/70">{children}</p>
				<span className="badge badge-ghost">Coming soon</span>
			</div>
		</div>
	);
}
