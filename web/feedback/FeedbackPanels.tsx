import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from "react";
import { FLAG_REASON_LABEL, FLAG_REASONS } from "../../db/enums.ts";
import { priceInput } from "../components/fields.tsx";
import {
	decimalsOf,
	type FeedbackTarget,
	type FlagReason,
	type MyFeedback,
	newPriceHint,
	parseNewPrice,
} from "./words.ts";

/** The feedback row's small buttons: pressed ones filled, the others outlined. */
export const BUTTON = "btn btn-xs";
export const buttonStyle = (pressed: boolean) =>
	pressed ? "btn-primary btn-soft" : "btn-outline border-base-300 font-normal";

type PanelProps = {
	/** The element id its toggle's aria-controls names. */
	id: string;
	/** While an answer is being saved (aria-disabled, not disabled: the focus stays). */
	pending: true | undefined;
	/** Closes the panel and gives the focus back to its toggle (Cancel, Escape). */
	onClose: () => void;
	/** The ids of what names the report (the row's `describedBy`): its controls say which it is for. */
	describedBy?: string;
};

const closeOnEscape = (onClose: () => void) => (event: KeyboardEvent) => {
	if (event.key !== "Escape") return;
	event.stopPropagation();
	onClose();
};

/**
 * "Price changed": the new price (a product's to the cent, fuel's to the tenth of a cent) and Save. The field
 * takes the focus as it opens (a phone shows its keypad), and again when the price is refused.
 */
export function NewPricePanel({
	id,
	pending,
	onClose,
	describedBy,
	target,
	refused,
	onSave,
	bundle = null,
}: PanelProps & {
	target: FeedbackTarget;
	refused: string | null;
	onSave: (price: number) => void;
	/** A multi-buy's quantity: the new price is for all of them. */
	bundle?: number | null;
}) {
	const label = bundle ? `New price for ${bundle}` : "New price";
	const field = useRef<HTMLInputElement>(null);
	const [text, setText] = useState("");
	const [unreadable, setUnreadable] = useState<string | null>(null);
	const error = unreadable ?? refused;
	useEffect(() => {
		field.current?.focus();
	}, [refused]);

	const save = (event: FormEvent) => {
		event.preventDefault();
		const price = parseNewPrice(text, target);
		setUnreadable(price === null ? newPriceHint(target) : null);
		if (price === null) field.current?.focus();
		else onSave(price);
	};

	return (
		<form
			id={id}
			noValidate
			aria-label="New price"
			className="flex flex-wrap items-start gap-2"
			onSubmit={save}
			onKeyDown={closeOnEscape(onClose)}
		>
			<div className="flex flex-col gap-1">
				<label htmlFor={`${id}-price`} className="sr-only">
					{label}
				</label>
				<input
					ref={field}
					id={`${id}-price`}
					className="input input-sm w-32"
					{...priceInput(decimalsOf(target))}
					placeholder={label}
					value={text}
					onChange={(e) => setText(e.target.value)}
					aria-invalid={error ? true : undefined}
					aria-describedby={[error && `${id}-error`, describedBy].filter(Boolean).join(" ") || undefined}
				/>
				{error && (
					<p id={`${id}-error`} className="text-xs text-error">
						{error}
					</p>
				)}
			</div>
			<button type="submit" className="btn btn-primary btn-sm" aria-disabled={pending} aria-describedby={describedBy}>
				Save
			</button>
			<button type="button" className="btn btn-ghost btn-sm" onClick={onClose}>
				Cancel
			</button>
		</form>
	);
}

/** "Wrong": the reasons, one tap each; the shopper's earlier reason shows pressed. The first takes the focus. */
export function ReasonPanel({
	id,
	pending,
	onClose,
	describedBy,
	mine,
	onPick,
}: PanelProps & { mine: MyFeedback | null; onPick: (reason: FlagReason) => void }) {
	const first = useRef<HTMLButtonElement>(null);
	useEffect(() => {
		first.current?.focus();
	}, []);
	return (
		<fieldset id={id} className="flex min-w-0 flex-wrap items-center gap-1.5" onKeyDown={closeOnEscape(onClose)}>
			{/* Floated, the legend lines up with the reasons as one of the row's items. */}
			<legend className="float-left mr-1 text-xs font-medium">What's wrong?</legend>
			{FLAG_REASONS.map((reason, index) => {
				const chosen = mine?.kind === "wrong" && mine.reason === reason;
				return (
					<button
						key={reason}
						ref={index === 0 ? first : undefined}
						type="button"
						aria-pressed={chosen}
						aria-disabled={pending}
						aria-describedby={describedBy}
						className={`${BUTTON} ${buttonStyle(chosen)}`}
						onClick={() => onPick(reason)}
					>
						{FLAG_REASON_LABEL[reason]}
					</button>
				);
			})}
			<button type="button" className={`${BUTTON} btn-ghost`} onClick={onClose}>
				Cancel
			</button>
		</fieldset>
	);
}
