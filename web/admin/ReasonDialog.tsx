import { useId, useState } from "react";
import { TERMINATION_REASON_MAX_LENGTH } from "../../src/admin/schemas.ts";
import { ConfirmDialog } from "../components/ConfirmDialog.tsx";

/** What a moderation dialog asks: its question, what it does, and the button that does it. */
export type ReasonRequest = { title: string; text: string; confirm: string; danger?: boolean };

/**
 * A moderator's action asks why before it is taken (the record keeps the reason). Shown while mounted, as a
 * modal; a failure is told inside it, and it stays open to try again.
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
	const [reason, setReason] = useState("");
	const reasonId = useId();
	// The record keeps a reason: none, or only spaces, and the button says so rather than greying out unexplained.
	const missing = reason.trim() === "" ? ["reason"] : [];

	return (
		<ConfirmDialog
			title={request.title}
			text={request.text}
			failure={failure && { ...failure, testId: "moderation-failure" }}
			confirm={request.confirm}
			danger={request.danger}
			pending={pending}
			missing={missing}
			onConfirm={() => onConfirm(reason.trim())}
			onClose={onClose}
		>
			<label htmlFor={reasonId} className="text-sm font-medium">
				Reason
			</label>
			<textarea
				id={reasonId}
				className="textarea mt-1 w-full"
				rows={2}
				maxLength={TERMINATION_REASON_MAX_LENGTH}
				placeholder="Kept in the moderation record"
				// biome-ignore lint/a11y/noAutofocus: it sits in ConfirmDialog's modal, which showModal opens here
				autoFocus
				value={reason}
				onChange={(e) => setReason(e.target.value)}
			/>
		</ConfirmDialog>
	);
}
