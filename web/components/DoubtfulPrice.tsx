import { useEffect, useId, useRef } from "react";
import type { Rejection } from "../api/failure.ts";
import { AlertIcon } from "./icons.tsx";

/**
 * The quality check's question, in the form that sent the price (decision 0072): "Did you mean $3.49?", why,
 * and the two answers: send the price likely meant, or keep the one typed. An alertdialog that takes the focus
 * when it appears, so a screen reader says the question at once and the keyboard is on its first answer; it
 * blocks nothing else on the page, and changing the price and sending again is the third answer.
 */
export function DoubtfulPrice({
	question,
	typed,
	format,
	busy,
	onUse,
	onKeep,
}: {
	question: Rejection;
	/** The price as sent, in dollars. */
	typed: number;
	format: (dollars: number) => string;
	/** A report is being sent: the answers wait. */
	busy: boolean;
	onUse: (dollars: number) => void;
	onKeep: () => void;
}) {
	const titleId = useId();
	const textId = useId();
	const first = useRef<HTMLButtonElement>(null);
	useEffect(() => {
		first.current?.focus();
	}, []);
	const { suggestedPrice, suggestedRange } = question;
	const [min, max] = suggestedRange ? [format(suggestedRange.min), format(suggestedRange.max)] : [];
	// The category's range is already in the reason when there are too few nearby reports: said once.
	const said = (text: string | undefined) => Boolean(text && question.reason?.includes(text));
	const range = min && max && !(said(min) && said(max)) ? ` Most prices reported are between ${min} and ${max}.` : "";
	const answer = (act: () => void) => () => {
		if (!busy) act();
	};
	return (
		<div
			role="alertdialog"
			aria-labelledby={titleId}
			aria-describedby={textId}
			className="alert alert-warning alert-soft flex flex-col items-start gap-3"
			data-testid="doubtful-price"
		>
			<div className="flex items-start gap-2">
				<AlertIcon />
				<div>
					<h3 id={titleId} className="font-semibold">
						{question.message}
					</h3>
					<p id={textId} className="text-sm">
						{question.reason ?? ""}
						{range} It is listed only once you say which price is right.
					</p>
				</div>
			</div>
			<div className="flex flex-wrap gap-2">
				{suggestedPrice !== null && (
					<button
						ref={first}
						type="button"
						className="btn btn-primary btn-sm"
						aria-disabled={busy || undefined}
						onClick={answer(() => onUse(suggestedPrice))}
					>
						Use {format(suggestedPrice)}
					</button>
				)}
				<button
					ref={suggestedPrice === null ? first : undefined}
					type="button"
					className="btn btn-outline btn-sm"
					aria-disabled={busy || undefined}
					onClick={answer(onKeep)}
				>
					Keep {format(typed)}
				</button>
			</div>
		</div>
	);
}
