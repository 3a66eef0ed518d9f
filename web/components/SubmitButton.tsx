import type { ReactNode } from "react";

/**
 * A form's submit button that shows it is sending. aria-disabled while busy, not disabled: a disabled button
 * drops the keyboard's focus to the page. `disabled` is for a form not ready to send.
 */
export function SubmitButton({ busy, disabled, children }: { busy: boolean; disabled?: boolean; children: ReactNode }) {
	return (
		<button
			type="submit"
			className={`btn btn-primary ${busy ? "btn-disabled" : ""}`}
			disabled={disabled}
			aria-disabled={busy || undefined}
		>
			{busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
			{children}
		</button>
	);
}
