import { useId } from "react";
import { SimilarPlace } from "../components/SimilarPlace.tsx";
import { useAnswerWaiting, useWaitingReports } from "./queries.ts";

/**
 * The reports kept on this device, each "waiting to send"; nothing when none waits. One that came back with
 * the question about its place waits for the shopper's answer here, and is sent again once answered.
 */
export function WaitingToSend() {
	const waiting = useWaitingReports().data ?? [];
	const { answer, busy } = useAnswerWaiting();
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
					<li key={item.sendKey} className="flex flex-col gap-2">
						<div className="flex flex-wrap justify-between gap-x-2">
							<span>{item.label}</span>{" "}
							<span className="text-base-content/70">{item.asked ? "needs your answer" : "waiting to send"}</span>
						</div>
						{item.asked && (
							<SimilarPlace
								question={item.asked}
								kind={item.kind === "price" ? "store" : "station"}
								busy={busy}
								takeFocus={false}
								onUse={() => void answer(item.sendKey, "use")}
								onNew={() => void answer(item.sendKey, "new")}
							/>
						)}
					</li>
				))}
			</ul>
		</section>
	);
}
