import { useState } from "react";
import { ChangePasswordSchema } from "../../src/users/schemas.ts";
import { failureText, isRefusal, isStatus, submitFailure } from "../api/failure.ts";
import { PASSWORD_HINT, PasswordVisibilityToggle, useSessionLost } from "../auth/index.ts";
import { Field, useForm } from "../components/form.tsx";
import { SubmitButton } from "../components/SubmitButton.tsx";
import { useToast } from "../state/toast.ts";
import { useChangePassword } from "./queries.ts";

export const PASSWORD_FAILED = "Failed to update password. Please check your current password and try again.";

/** The spec's title asks to check the current password; a limit, or a failure on the way, says its own. */
const ownWords = (error: unknown) => (isRefusal(error) && !isStatus(error, 429) ? undefined : failureText(error));

/** Password change (spec §5): the live screen's 8-character rules; every other device is signed out. */
export function PasswordChange() {
	const form = useForm(ChangePasswordSchema, { currentPassword: "", newPassword: "", confirmPassword: "" });
	const [shown, setShown] = useState(false);
	const change = useChangePassword();
	const toast = useToast();
	const sessionLost = useSessionLost();
	const { values, field } = form;
	const type = shown ? "text" : "password";
	// Spec §5: nothing to send until the current and the new password are filled in; the button says which.
	const missing = [
		...(values.currentPassword ? [] : ["current password"]),
		...(values.newPassword ? [] : ["new password"]),
	];

	const submit = (event: React.FormEvent) => {
		event.preventDefault();
		// Enter in a field submits even while the button waits: nothing is sent until both are there.
		if (change.isPending || missing.length > 0) return;
		const input = form.check();
		if (!input) return;
		change.mutate(input, {
			onSuccess: () => {
				form.reset();
				toast({
					title: "Password updated",
					description: "Your other devices have been signed out, and your API tokens revoked.",
				});
			},
			onError: (error) => {
				if (sessionLost(error)) return;
				const description = submitFailure(error, form.showIssues, ownWords);
				toast({ title: PASSWORD_FAILED, description, variant: "error" });
			},
		});
	};

	return (
		<form onSubmit={submit} noValidate className="flex flex-col gap-3" aria-labelledby="password-heading">
			<h2 id="password-heading" className="font-semibold">
				Change password
			</h2>
			<Field
				label="Current password"
				{...field("currentPassword")}
				type={type}
				autoComplete="current-password"
				trailing={<PasswordVisibilityToggle shown={shown} onToggle={() => setShown((s) => !s)} />}
			/>
			<Field
				label="New password"
				{...field("newPassword")}
				type={type}
				autoComplete="new-password"
				hint={PASSWORD_HINT}
			/>
			<Field label="Confirm new password" {...field("confirmPassword")} type={type} autoComplete="new-password" />
			<SubmitButton busy={change.isPending} missing={missing} align="stretch">
				Update Password
			</SubmitButton>
		</form>
	);
}
