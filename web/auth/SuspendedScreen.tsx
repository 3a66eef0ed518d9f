import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { AlertIcon } from "../components/icons.tsx";
import { Logo } from "../components/Logo.tsx";
import { usePageTitle } from "../components/usePageTitle.ts";
import { DeleteAccount } from "./DeleteAccount.tsx";
import { authKeys, useSignOut } from "./queries.ts";

/**
 * All a suspended user sees (spec §6): the reason, and a way to delete the account for good. A moderator may
 * lift the suspension: "Check again" asks who is signed in once more, and the app comes back if so.
 */
export function SuspendedScreen({ reason, terminatedAt }: { reason: string; terminatedAt: string | null }) {
	const signOut = useSignOut();
	const navigate = useNavigate();
	const queryClient = useQueryClient();
	const [checking, setChecking] = useState(false);
	const [checked, setChecked] = useState(false);
	usePageTitle("Account Suspended");

	// Lifted: the answer is the signed-in user and the app replaces this screen; still suspended: it says so.
	const checkAgain = async () => {
		setChecking(true);
		setChecked(false);
		await queryClient.refetchQueries({ queryKey: authKeys.user, exact: true });
		setChecking(false);
		setChecked(true);
	};

	return (
		<main className="flex min-h-screen items-center justify-center bg-base-200 p-4">
			<div className="card w-full max-w-md bg-base-100 shadow-md">
				<div className="card-body items-center gap-4 text-center">
					<Logo />
					<span className="flex size-14 items-center justify-center rounded-full bg-error/10 text-error">
						<AlertIcon className="size-7" />
					</span>
					<h1 className="text-2xl font-bold">Account Suspended</h1>
					<p>Your account has been suspended and can no longer report prices or use CommonCents.</p>
					<div className="w-full rounded-box bg-base-200 p-4 text-left">
						<p className="text-sm font-semibold">Reason</p>
						<p data-testid="suspension-reason">{reason || "Policy violation"}</p>
						{terminatedAt && (
							<p className="mt-2 text-sm text-base-content/70">
								Since {new Date(terminatedAt).toLocaleDateString(undefined, { dateStyle: "long" })}
							</p>
						)}
					</div>
					<p role="status" className="text-sm text-base-content/70">
						{checked && !checking ? "Your account is still suspended." : ""}
					</p>
					<div className="flex w-full flex-col gap-2">
						<button type="button" className="btn btn-outline" disabled={checking} onClick={() => void checkAgain()}>
							{checking && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
							Check again
						</button>
						<DeleteAccount label="Delete Account Permanently" className="btn btn-error" />
						<button
							type="button"
							className="btn btn-ghost"
							disabled={signOut.isPending}
							onClick={() => signOut.mutate(undefined, { onSuccess: () => void navigate({ to: "/" }) })}
						>
							Sign Out
						</button>
					</div>
				</div>
			</div>
		</main>
	);
}
