import { useId } from "react";
import { useWaitingReports } from "./queries.ts";

/** The reports kept on this device, each "waiting to send"; nothing when none waits. */
export function WaitingToSend() {
	const waiting = useWaitingReports().data ?? [];
	const headingId = useId();
	if (waiting.length === 0) return null;
	return (
		<section
			aria-labelledby={headingId}
			className="mb-3 rounded-box border border-warning/40 bg-base-100 px-3 py-2 text-sm"
			data-testid="waiting-to-send"
		>
			<h2 id={headingId} className="font-semibold">
				Kept on this device ({waiting.length})
			</h2>
			<ul className="mt-1 flex flex-col gap-1">
				{waiting.map((item) => (
					<li key={item.sendKey} className="flex flex-wrap justify-between gap-x-2">
						<span>{item.label}</span> <span className="text-base-content/70">waiting to send</span>
					</li>
				))}
			</ul>
		</section>
	);
}
