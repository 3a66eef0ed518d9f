import { type ReactNode, type RefObject, useEffect, useId, useRef } from "react";
import { FailureAlert } from "./FailureAlert.tsx";
import { SubmitButton } from "./SubmitButton.tsx";

/**
 * The question before an action that cannot be taken back, as a modal: a title, what the action does, any
 * field it asks for, Cancel and the button that takes it. Escape, the backdrop and Cancel close it (then
 * `onClose`), and the browser hands the focus back to what opened it. A failure is told inside it (a toast
 * would sit behind the backdrop), and it stays open to try again.
 *
 * Shown while mounted; or, given `dialogRef`, kept mounted and opened by the caller (`showModal`).
 */
export function ConfirmDialog({
	dialogRef,
	heading: Heading = "h3",
	title,
	text,
	failure,
	children,
	confirm,
	danger = false,
	pending,
	missing,
	onConfirm,
	onClose,
}: {
	dialogRef?: RefObject<HTMLDialogElement | null>;
	/** The title's level among the headings of the screen it opens over. */
	heading?: "h2" | "h3";
	title: ReactNode;
	text: ReactNode;
	failure: { title: string; text: string; testId: string } | null;
	/** The fields the question asks for (a reason, a typed username), above the buttons. */
	children?: ReactNode;
	/** The words of the button that takes the action. */
	confirm: ReactNode;
	danger?: boolean;
	pending: boolean;
	/** What is still to be filled in: the button says so rather than greying out unexplained. */
	missing?: readonly string[];
	onConfirm: () => void;
	onClose?: () => void;
}) {
	const own = useRef<HTMLDialogElement>(null);
	const dialog = dialogRef ?? own;
	const opensItself = dialogRef === undefined;
	const ids = useId();

	// Opened once mounted; unmounting takes it away with its backdrop.
	useEffect(() => {
		if (opensItself && own.current && !own.current.open) own.current.showModal();
	}, [opensItself]);

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
					// Enter submits even while the button waits: nothing is done until what it asks for is there.
					if (!pending && !missing?.length) onConfirm();
				}}
			>
				<Heading id={`${ids}-title`} className="text-lg font-bold break-words">
					{title}
				</Heading>
				<p id={`${ids}-text`} className="py-3">
					{text}
				</p>
				{failure && <FailureAlert title={failure.title} text={failure.text} testId={failure.testId} className="mb-3" />}
				{children}
				<div className="modal-action items-start">
					<button type="button" className="btn btn-ghost" onClick={() => dialog.current?.close()}>
						Cancel
					</button>
					<SubmitButton busy={pending} missing={missing} className={danger ? "btn-error" : "btn-primary"}>
						{confirm}
					</SubmitButton>
				</div>
			</form>
			<form method="dialog" className="modal-backdrop">
				<button type="submit">Close</button>
			</form>
		</dialog>
	);
}
