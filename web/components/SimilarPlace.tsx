import { useEffect, useId, useRef } from "react";
import type { PlaceQuestion } from "../api/failure.ts";
import { AlertIcon } from "./icons.tsx";

/**
 * The question about a place typed like one already known nearby (decision 0084), in the form that sent the
 * report: "Did you mean Hilander Foods at 4350 E State St?" and the two answers: report it there, or add the
 * place typed as a new one. Nothing typed is lost either way. An alertdialog that takes the focus when it
 * appears, as the quality check's question does (DoubtfulPrice.tsx), and blocks nothing else on the page.
 * Answered, it goes, and the focus it held would fall to the page: it is given to the form's submit button,
 * which says the report is being sent, unless the shopper has already moved it elsewhere.
 * Asked of a report kept offline (`takeFocus` false), it comes when the connection does, not as the shopper
 * acts: it takes no focus, and is a group of its answers rather than an alert.
 */
export function SimilarPlace({
	question,
	kind,
	busy,
	onUse,
	onNew,
	takeFocus = true,
}: {
	question: PlaceQuestion;
	kind: "store" | "station";
	/** A report is being sent: the answers wait. */
	busy: boolean;
	onUse: () => void;
	onNew: () => void;
	takeFocus?: boolean;
}) {
	const titleId = useId();
	const textId = useId();
	const first = useRef<HTMLButtonElement>(null);
	useEffect(() => {
		if (!takeFocus) return;
		// Found while the question is on the page: by the time it has gone, it is no longer in the form.
		const submit = first.current?.closest("form")?.querySelector<HTMLElement>('[type="submit"]');
		first.current?.focus();
		return () => {
			const at = document.activeElement;
			if (!at || at === document.body) submit?.focus();
		};
	}, [takeFocus]);
	const { name, address, zipCode } = question.candidate;
	const answer = (act: () => void) => () => {
		if (!busy) act();
	};
	const body = (
		<>
			<div className="flex items-start gap-2">
				<AlertIcon />
				<div>
					<h3 id={titleId} className="font-semibold">
						{question.message}
					</h3>
					<p id={textId} className="text-sm">
						A {kind} of a name like it is already listed at {[address, zipCode].filter(Boolean).join(", ")}. Report your
						price there, or add the {kind} you typed as a new one.
					</p>
				</div>
			</div>
			<div className="flex flex-wrap gap-2">
				<button
					ref={first}
					type="button"
					className="btn btn-primary btn-sm"
					aria-disabled={busy || undefined}
					onClick={answer(onUse)}
				>
					Use {name}
				</button>
				<button
					type="button"
					className="btn btn-outline btn-sm"
					aria-disabled={busy || undefined}
					onClick={answer(onNew)}
				>
					It's a new {kind}
				</button>
			</div>
		</>
	);
	const box = "alert alert-info alert-soft flex flex-col items-start gap-3";
	return takeFocus ? (
		<div
			role="alertdialog"
			aria-labelledby={titleId}
			aria-describedby={textId}
			className={box}
			data-testid="similar-place"
		>
			{body}
		</div>
	) : (
		<fieldset aria-labelledby={titleId} aria-describedby={textId} className={box} data-testid="similar-place">
			{body}
		</fieldset>
	);
}
