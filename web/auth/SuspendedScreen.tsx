import { useNavigate } from "@tanstack/react-router";
import { AlertIcon } from "../components/icons.tsx";
import { Logo } from "../components/Logo.tsx";
import { usePageTitle } from "../components/usePageTitle.ts";
import { DeleteAccount } from "./DeleteAccount.tsx";
import { useSignOut } from "./queries.ts";

/** All a suspended user sees (spec §6): the reason, and a way to delete the account for good. */
export function SuspendedScreen({ reason, terminatedAt }: { reason: string; terminatedAt: string | null }) {
	const signOut = useSignOut();
	const navigate = useNavigate();
	usePageTitle("Account Suspended");

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
					<div className="flex w-full flex-col gap-2">
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
