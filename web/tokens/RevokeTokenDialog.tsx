import { useEffect, useId, useRef } from "react";
import { FailureAlert } from "../components/FailureAlert.tsx";
import { SubmitButton } from "../components/SubmitButton.tsx";
import type { ApiToken } from "./queries.ts";

export const REVOKE_FAILED = "Could not revoke the token";

/**
 * Asks before a token is revoked: whatever uses it stops at once, and there is no undo. Shown while
 * mounted, as a modal; a failure is told inside it (a toast would sit behind the backdrop).
 */
export function RevokeTokenDialog({
	token,
	pending,
	failure,
	onConfirm,
	onClose,
}: {
	token: ApiToken;
	pending: boolean;
	failure: string | null;
	onConfirm: () => void;
	onClose: () => void;
}) {
	const dialog = useRef<HTMLDialogElement>(null);
	const ids = useId();

	useEffect(() => {
		if (dialog.current && !dialog.current.open) dialog.current.showModal();
	}, []);

	return (
		<dialog
			ref={dialog}
			className="modal"
			aria-labelledby={`${ids}-title`}
			aria-describedby={`${ids}-text`}
			onClose={onClose}
		>
			<form
				className="modal-box text-left"
				onSubmit={(event) => {
					event.preventDefault();
					if (!pending) onConfirm();
				}}
			>
				<h3 id={`${ids}-title`} className="text-lg font-bold break-words">
					Revoke “{token.name}”?
				</h3>
				<p id={`${ids}-text`} className="py-3">
					Anything using the token ending in <span className="font-mono">{token.hint}</span> stops working at once. This
					cannot be undone.
				</p>
				{failure && <FailureAlert title={REVOKE_FAILED} text={failure} testId="revoke-failure" className="mb-3" />}
				<div className="modal-action">
					<button type="button" className="btn btn-ghost" onClick={() => dialog.current?.close()}>
						Cancel
					</button>
					<SubmitButton busy={pending} className="btn-error">
						Revoke
					</SubmitButton>
				</div>
			</form>
			<form method="dialog" className="modal-backdrop">
				<button type="submit">Close</button>
			</form>
		</dialog>
	);
}
