import { useQueryClient } from "@tanstack/react-query";
import { AlertSettingsSchema, DAILY_CAP } from "../../src/users/schemas.ts";
import { api, unwrap } from "../api/client.ts";
import { submitFailure } from "../api/failure.ts";
import { useLastingMutation } from "../api/mutation.ts";
import { type AuthState, authKeys, type CurrentUser, useSessionLost } from "../auth/index.ts";
import { Field, useForm } from "../components/form.tsx";
import { useToast } from "../state/toast.ts";

export const DAILY_CAP_FAILED = "Failed to save your daily limit. Please try again.";

function useSaveDailyCap() {
	const queryClient = useQueryClient();
	return useLastingMutation({
		mutationFn: (dailyCap: number) => unwrap(api.profile["alert-settings"].$put({ json: { dailyCap } })),
		scope: { id: "alert-settings" },
		onSuccess: (user) => queryClient.setQueryData(authKeys.user, { status: "authenticated", user } satisfies AuthState),
	});
}

/** The most alert notifications a day, on every device of the shopper. */
export function DailyCap({ user }: { user: CurrentUser }) {
	const form = useForm(AlertSettingsSchema, { dailyCap: String(user.alertDailyCap) });
	const save = useSaveDailyCap();
	const toast = useToast();
	const sessionLost = useSessionLost();

	const submit = (event: React.FormEvent) => {
		event.preventDefault();
		const input = form.check();
		if (!input) return;
		save.mutate(input.dailyCap, {
			onSuccess: (u) =>
				toast({ title: "Daily limit saved", description: `At most ${u.alertDailyCap} alert notifications a day.` }),
			onError: (error) => {
				if (sessionLost(error)) return;
				toast({ title: DAILY_CAP_FAILED, description: submitFailure(error, form.showIssues), variant: "error" });
			},
		});
	};

	return (
		<form className="flex flex-col gap-3" onSubmit={submit} noValidate aria-label="Daily alert limit">
			<Field
				label="Most alerts a day"
				{...form.field("dailyCap")}
				hint="Over the limit, the rest are summed up in the next notification."
				type="number"
				inputMode="numeric"
				step="1"
				min={DAILY_CAP.min}
				max={DAILY_CAP.max}
			/>
			<button type="submit" className="btn btn-primary btn-sm self-start" disabled={save.isPending}>
				{save.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
				Save limit
			</button>
		</form>
	);
}
