import { LoginSchema } from "../../src/auth/schemas.ts";
import { ApiError } from "../api/client.ts";
import { Field, useForm } from "../components/form.tsx";
import { TOAST_MS, useToast } from "../state/toast.ts";
import { PasswordVisibilityToggle } from "./PasswordVisibilityToggle.tsx";
import { useSignIn } from "./queries.ts";

export function SignInForm({ showPasswords, onTogglePasswords }: PasswordVisibility) {
  const form = useForm(LoginSchema, { username: "", password: "" });
  const signIn = useSignIn();
  const toast = useToast();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const input = form.check();
    if (!input) return;
    signIn.mutate(input, {
      onSuccess: (user) =>
        toast({
          title: `Welcome back, ${user.firstName ?? user.username}!`,
          description: "Here are the latest deals near you.",
          durationMs: TOAST_MS.welcome,
        }),
      onError: (error) =>
        toast({
          title: "Login failed",
          description: error instanceof ApiError ? error.serverMessage : "Please try again.",
          variant: "error",
        }),
    });
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label="Sign in">
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
