import { RegisterSchema, ZIP_MAX_LENGTH } from "../../src/auth/schemas.ts";
import { failureText } from "../api/failure.ts";
import type { KeptValues } from "../components/fields.tsx";
import { Field, useForm } from "../components/form.tsx";
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
	const { values, errors, set } = form;

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
				<Field
					label="First name"
					name="firstName"
					autoComplete="given-name"
					value={values.firstName}
					onChange={(e) => set("firstName", e.target.value)}
					errors={errors.firstName}
				/>
				<Field
					label="Last name"
					name="lastName"
					autoComplete="family-name"
					value={values.lastName}
					onChange={(e) => set("lastName", e.target.value)}
					errors={errors.lastName}
				/>
			</div>
			<Field
				label="Username"
				name="username"
				autoComplete="username"
				autoCapitalize="none"
				value={values.username}
				onChange={(e) => set("username", e.target.value)}
				errors={errors.username}
			/>
			<Field
				label="Zip code"
				name="zipCode"
				autoComplete="postal-code"
				inputMode="numeric"
				maxLength={ZIP_MAX_LENGTH}
				hint="Optional: we use it to find deals near you."
				value={values.zipCode}
				onChange={(e) => set("zipCode", e.target.value)}
				errors={errors.zipCode}
			/>
			<Field
				label="Password"
				name="password"
				type={passwordType}
				autoComplete="new-password"
				hint={PASSWORD_HINT}
				value={values.password}
				onChange={(e) => set("password", e.target.value)}
				errors={errors.password}
				trailing={<PasswordVisibilityToggle shown={showPasswords} onToggle={onTogglePasswords} />}
			/>
			<Field
				label="Confirm password"
				name="confirmPassword"
				type={passwordType}
				autoComplete="new-password"
				value={values.confirmPassword}
				onChange={(e) => set("confirmPassword", e.target.value)}
				errors={errors.confirmPassword}
			/>
			<button type="submit" className="btn btn-primary mt-2" disabled={signUp.isPending}>
				{signUp.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
				Create Account
			</button>
		</form>
	);
}
