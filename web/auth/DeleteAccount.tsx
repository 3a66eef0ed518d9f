import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useRef, useState } from "react";
import { failureText } from "../api/failure.ts";
import { ConfirmDialog } from "../components/ConfirmDialog.tsx";
import { Field } from "../components/fields.tsx";
import { useToast } from "../state/toast.ts";
import { forgetUser, useDeleteAccount } from "./queries.ts";

/** Spec §7: after DELETE /api/auth/delete-account, go to /auth after 2 s (the toast says what happened). */
const LEAVE_AFTER_MS = 2000;
const DELETION_FAILED = "Deletion Failed";

/**
 * The button and the confirmation that delete an account for good: on the suspension screen (spec §6) and
 * at the end of Settings. `confirmWith`: a word the shopper must type first (their username in Settings,
 * where a tap on a borrowed phone should not be enough); none on the suspension screen.
 */
export function DeleteAccount({
	label,
	confirmWith,
	className,
}: {
	label: string;
	confirmWith?: string;
	className: string;
}) {
	const dialog = useRef<HTMLDialogElement>(null);
	const deleteAccount = useDeleteAccount();
	const queryClient = useQueryClient();
	const navigate = useNavigate();
	const toast = useToast();
	const [typed, setTyped] = useState("");
	const [deleted, setDeleted] = useState(false);
	const [failure, setFailure] = useState<string | null>(null);
	const confirmed = !confirmWith || typed.trim().toLowerCase() === confirmWith.toLowerCase();
	// While the typed word is not yet the username, the button says so rather than greying out unexplained.
	const missing = confirmed ? [] : ["your username"];

	const open = () => {
		setTyped("");
		setFailure(null);
		dialog.current?.showModal();
	};
	const confirmDelete = () =>
		deleteAccount.mutate(undefined, {
			onSuccess: () => {
				setDeleted(true);
				dialog.current?.close();
				toast({ title: "Account deleted", description: "Your account and your data have been removed." });
				setTimeout(() => {
					forgetUser(queryClient);
					void navigate({ to: "/auth" });
				}, LEAVE_AFTER_MS);
			},
			onError: (error) => {
				const description = failureText(error);
				setFailure(description);
				toast({ title: DELETION_FAILED, description, variant: "error" });
			},
		});

	return (
		<>
			<button type="button" className={className} onClick={open} disabled={deleted}>
				{label}
			</button>
			<ConfirmDialog
				dialogRef={dialog}
				heading="h2"
				title="Delete your account?"
				text="This removes your account, your reports, upvotes and alerts for good. It cannot be undone."
				failure={failure === null ? null : { title: DELETION_FAILED, text: failure, testId: "delete-failure" }}
				confirm="Delete Forever"
				danger
				pending={deleteAccount.isPending}
				missing={missing}
				onConfirm={confirmDelete}
			>
				{confirmWith && (
					<Field
						label={
							<>
								Type your username, <span className="font-mono">{confirmWith}</span>, to confirm
							</>
						}
						name="confirmUsername"
						autoCapitalize="none"
						autoComplete="off"
						spellCheck={false}
						value={typed}
						onChange={(e) => setTyped(e.target.value)}
					/>
				)}
			</ConfirmDialog>
		</>
	);
}
