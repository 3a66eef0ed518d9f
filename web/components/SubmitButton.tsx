import { type ReactNode, useId } from "react";

const ALIGN = { start: "items-start", end: "items-end text-right", stretch: "" } as const;

/** "Still needed: price, station address": what a form lacks before it can be sent, in the order it asks. */
export const stillNeededText = (missing: readonly string[]) => `Still needed: ${missing.join(", ")}`;

/**
 * A form's submit button that shows it is sending. aria-disabled while busy, not disabled: a disabled button
 * drops the keyboard's focus to the page. `disabled` is for a form not ready to send.
 *
 * `missing`: for a form held until some fields are filled, the names of those still empty. While any is, the
 * button is aria-disabled (still focusable, so a keyboard or screen reader user reaches it and hears why)
 * and a hint under it, tied to it by aria-describedby, says what is still needed. The form's submit handler
 * must then send nothing: Enter in a field still submits a form whose button is only aria-disabled.
 */
export function SubmitButton({
	busy,
	disabled,
	missing,
	className = "btn-primary",
	align = "end",
	children,
}: {
	busy: boolean;
	disabled?: boolean;
	missing?: readonly string[];
	/** The button's colour (daisyUI), primary unless told. */
	className?: string;
	/** With `missing`: where the button and its hint sit, at the end of a dialog's actions unless told. */
	align?: "start" | "end" | "stretch";
	children: ReactNode;
}) {
	const hintId = useId();
	const waiting = missing !== undefined && missing.length > 0;
	const button = (
		<button
			type="submit"
			className={`btn ${className} ${busy || waiting ? "btn-disabled" : ""}`}
			disabled={disabled}
			aria-disabled={busy || waiting || undefined}
			aria-describedby={waiting ? hintId : undefined}
		>
			{busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
			{children}
		</button>
	);
	if (missing === undefined) return button;
	return (
		<div className={`flex flex-col gap-1 ${ALIGN[align]}`}>
			{button}
			{waiting && (
				<p id={hintId} className="text-xs text-base-content/70" data-testid="submit-missing">
					{stillNeededText(missing)}
				</p>
			)}
		</div>
	);
}
