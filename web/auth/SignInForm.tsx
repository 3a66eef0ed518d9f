import { useRef, useState } from "react";
import { failureText } from "../api/failure.ts";
import { Field, type KeptValues, useFormState } from "../components/fields.tsx";
import { TOAST_MS, useToast } from "../state/toast.ts";
import { EMPTY_SIGN_IN, type SignInDraft } from "./drafts.ts";
import type { loginRules } from "./loginRules.ts";
import { PasswordVisibilityToggle } from "./PasswordVisibilityToggle.tsx";
import { useSignIn } from "./queries.ts";

type LoginRules = typeof loginRules;

/**
 * This form is on the first screen: its rules (valibot and the shared schema) load on first focus, not with it.
 * Returns the rules once loaded, and what loads them (once: a focus and a submit wait for the same load).
 */
function useLoginRules() {
	const [rules, setRules] = useState<LoginRules | null>(null);
	const loading = useRef<Promise<LoginRules> | undefined>(undefined);
	const ensureRules = async () => {
		loading.current ??= import("./loginRules.ts").then(
			(m) => m.loginRules,
			(error: unknown) => {
				loading.current = undefined; // offline with nothing cached: try again on the next submit
				throw error;
			},
		);
		const loaded = await loading.current;
		setRules(loaded);
		return loaded;
	};
	return [rules, ensureRules] as const;
}

export function SignInForm({
	showPasswords,
	onTogglePasswords,
	kept,
}: PasswordVisibility & { kept?: KeptValues<SignInDraft> }) {
	const [rules, ensureRules] = useLoginRules();
	const form = useFormState(rules, EMPTY_SIGN_IN, kept);
	const signIn = useSignIn();
	const toast = useToast();

	const submit = async (event: React.FormEvent) => {
		event.preventDefault();
		let input: ReturnType<LoginRules["parse"]> | null;
		try {
			input = form.check(await ensureRules());
		} catch {
			toast({ title: "Login failed", description: "Check your connection and try again.", variant: "error" });
			return;
		}
		if (!input) return;
		signIn.mutate(input, {
			onSuccess: (user) => {
				// A suspended account signs in only to reach its suspension screen: no welcome, no deals.
				if (user.isTerminated) return;
				toast({
					title: `Welcome back, ${user.firstName ?? user.username}!`,
					description: "Here are the latest deals near you.",
					durationMs: TOAST_MS.welcome,
				});
			},
			onError: (error) =>
				toast({
					title: "Login failed",
					description: failureText(error),
					variant: "error",
				}),
		});
	};

	return (
		<form
			onSubmit={(event) => void submit(event)}
			onFocus={() => void ensureRules().catch(() => {})}
			noValidate
			className="flex flex-col gap-4"
			aria-label="Sign in"
		>
			<Field
				label="Username"
				name="username"
				autoComplete="username"
				autoCapitalize="none"
				value={form.values.username}
				onChange={(e) => form.set("username", e.target.value)}
				errors={form.errors.username}
			/>
			<Field
				label="Password"
				name="password"
				type={showPasswords ? "text" : "password"}
				autoComplete="current-password"
				value={form.values.password}
				onChange={(e) => form.set("password", e.target.value)}
				errors={form.errors.password}
				trailing={<PasswordVisibilityToggle shown={showPasswords} onToggle={onTogglePasswords} />}
			/>
			<button type="submit" className="btn btn-primary mt-2" disabled={signIn.isPending}>
				{signIn.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
				Sign In
			</button>
		</form>
	);
}

export type PasswordVisibility = { showPasswords: boolean; onTogglePasswords: () => void };
