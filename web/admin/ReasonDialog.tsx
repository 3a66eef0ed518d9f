import { useEffect, useId, useRef, useState } from "react";
import { TERMINATION_REASON_MAX_LENGTH } from "../../src/admin/schemas.ts";
import { FailureAlert } from "../components/FailureAlert.tsx";
import { SubmitButton } from "../components/SubmitButton.tsx";

/** What a moderation dialog asks: its question, what it does, and the button that does it. */
export type ReasonRequest = { title: string; text: string; confirm: string; danger?: boolean };

/**
 * A moderator's action asks why before it is taken (the record keeps the reason). Shown while mounted, as a
 * modal; a failure is told inside it (a toast would sit behind the backdrop), and it stays open to try again.
 */
export function ReasonDialog({
	request,
	pending,
	failure,
	onConfirm,
	onClose,
}: {
	request: ReasonRequest;
	pending: boolean;
	failure: { title: string; text: string } | null;
	onConfirm: (reason: string) => void;
	onClose: () => void;
}) {
	const dialog = useRef<HTMLDialogElement>(null);
	const [reason, setReason] = useState("");
	const ids = useId();
	// The record keeps a reason: none, or only spaces, and the button says so rather than greying out unexplained.
	const missing = reason.trim() === "" ? ["reason"] : [];

	// Opened once mounted; unmounting takes it away with its backdrop.
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
					// Enter submits even while the button waits: nothing is done without a reason.
					if (!pending && missing.length === 0) onConfirm(reason.trim());
				}}
			>
				<h3 id={`${ids}-title`} className="text-lg font-bold">
					{request.title}
				</h3>
				<p id={`${ids}-text`} className="py-3">
					{request.text}
				</p>
				{failure && (
					<FailureAlert title={failure.title} text={failure.text} testId="moderation-failure" className="mb-3" />
				)}
				<label htmlFor={`${ids}-reason`} className="text-sm font-medium">
					Reason
				</label>
				<textarea
					id={`${ids}-reason`}
					className="textarea mt-1 w-full"
					rows={2}
					maxLength={TERMINATION_REASON_MAX_LENGTH}
					placeholder="Kept in the moderation record"
					autoFocus
					value={reason}
					onChange={(e) => setReason(e.target.value)}
				/>
				<div className="modal-action items-start">
					<button type="button" className="btn btn-ghost" onClick={() => dialog.current?.close()}>
						Cancel
					</button>
					<SubmitButton busy={pending} missing={missing} className={request.danger ? "btn-error" : "btn-primary"}>
						{request.confirm}
					</SubmitButton>
				</div>
			</form>
			<form method="dialog" className="modal-backdrop">
				<button type="submit">Close</button>
			</form>
		</dialog>
	);
}
