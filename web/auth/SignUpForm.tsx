import { useId } from "react";
import { RegisterSchema, ZIP_MAX_LENGTH } from "../../src/auth/schemas.ts";
import { failureText } from "../api/failure.ts";
import type { KeptValues } from "../components/fields.tsx";
import { Field, useForm } from "../components/form.tsx";
import { postalCodeHint } from "../components/zip.ts";
import { TOAST_MS, useToast } from "../state/toast.ts";
import { EMPTY_SIGN_UP, type SignUpDraft } from "./drafts.ts";
import { PasswordVisibilityToggle } from "./PasswordVisibilityToggle.tsx";
import { useSignUp } from "./queries.ts";
import type { PasswordVisibility } from "./SignInForm.tsx";

export const PASSWORD_HINT = "At least 8 characters with uppercase, lowercase, and special characters";

export function SignUpForm({
	showPasswords,
	onTogglePasswords,
	kept,
}: PasswordVisibility & { kept?: KeptValues<SignUpDraft> }) {
	const form = useForm(RegisterSchema, EMPTY_SIGN_UP, kept);
	const signUp = useSignUp();
	const toast = useToast();
	const { values, field } = form;
	const publicNoteId = useId();

	const submit = (event: React.FormEvent) => {
		event.preventDefault();
		if (!form.check()) return;
		signUp.mutate(values, {
			onSuccess: (user) =>
				toast({
					title: `Welcome to CommonCents, ${user.firstName ?? user.username}!`,
					description: "Your account is ready. Start by finding deals near you.",
					durationMs: TOAST_MS.welcome,
				}),
			onError: (error) =>
				toast({
					title: "Registration failed",
					description: failureText(error),
					variant: "error",
				}),
		});
	};

	const passwordType = showPasswords ? "text" : "password";
	return (
		<form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label="Sign up">
			<div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
				<Field label="First name" {...field("firstName")} autoComplete="given-name" />
				<Field label="Last name" {...field("lastName")} autoComplete="family-name" />
			</div>
			<Field label="Username" {...field("username")} autoComplete="username" autoCapitalize="none" />
			<Field
				label="Zip code"
				{...field("zipCode")}
				autoComplete="postal-code"
				inputMode="numeric"
				maxLength={ZIP_MAX_LENGTH}
				hint={postalCodeHint(values.zipCode) ?? "Optional: we use it to find deals near you."}
			/>
			<Field
				label="Password"
				{...field("password")}
				type={passwordType}
				autoComplete="new-password"
				hint={PASSWORD_HINT}
				trailing={<PasswordVisibilityToggle shown={showPasswords} onToggle={onTogglePasswords} />}
			/>
			<Field label="Confirm password" {...field("confirmPassword")} type={passwordType} autoComplete="new-password" />
			<p id={publicNoteId} className="mt-2 text-sm text-base-content/70">
				Your profile and reports are public; you can change that in Settings &gt; Privacy.
			</p>
			<button type="submit" className="btn btn-primary" aria-describedby={publicNoteId} disabled={signUp.isPending}>
				{signUp.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
				Create Account
			</button>
		</form>
	);
}
