import { useQuery } from "@tanstack/react-query";
import { lazyRouteComponent } from "@tanstack/react-router";
import { Suspense, useId, useState } from "react";
import { failureText } from "../api/failure.ts";
import { useSessionLost } from "../auth/index.ts";
import { ChevronDownIcon } from "../components/icons.tsx";
import { useToast } from "../state/toast.ts";
import { ACCESS_DENIED, INVALID_PASSKEY, unlockedQuery, useVerifyPasskey } from "./queries.ts";

// Only developers unlock the console: everyone else never downloads it.
const AdminConsole = lazyRouteComponent(() => import("./AdminConsole.tsx"), "AdminConsole");

/**
 * Settings' developer section (spec §2, §4): hidden, as the spec says, behind a closed "Developer" disclosure
 * that few shoppers will open; inside, a passkey field until this session is unlocked, then the console.
 */
export function DeveloperSection() {
	const { data: unlocked } = useQuery(unlockedQuery);
	// Until the shopper opens or closes it, it is open exactly when the console is (a return to Settings).
	const [opened, setOpened] = useState<boolean | null>(null);
	const open = opened ?? unlocked === true;
	const panelId = useId();
	return (
		<section aria-labelledby="developer-heading" className="card bg-base-100 shadow-sm">
			<div className="card-body gap-3 py-3">
				<h2 id="developer-heading" className="card-title text-base">
					<button
						type="button"
						aria-expanded={open}
						aria-controls={panelId}
						onClick={() => setOpened(!open)}
						className="-mx-2 flex min-h-11 w-full cursor-pointer items-center justify-between rounded-box px-2 text-left font-semibold focus-visible:outline-2"
					>
						Developer
						<ChevronDownIcon className={`size-5 transition-transform ${open ? "rotate-180" : ""}`} />
					</button>
				</h2>
				<div id={panelId} hidden={!open} className="pb-2">
					{!open ? null : unlocked ? (
						<Suspense
							fallback={<span className="loading loading-spinner" role="status" aria-label="Loading the console" />}
						>
							<AdminConsole />
						</Suspense>
					) : (
						<PasskeyForm />
					)}
				</div>
			</div>
		</section>
	);
}

function PasskeyForm() {
	const [passkey, setPasskey] = useState("");
	const verify = useVerifyPasskey();
	const toast = useToast();
	const sessionLost = useSessionLost();

	const submit = (event: React.FormEvent) => {
		event.preventDefault();
		if (!passkey.trim() || verify.isPending) return; // spec §5: a blank passkey is ignored
		verify.mutate(passkey, {
			onSuccess: ({ valid }) => {
				if (valid) {
					setPasskey("");
					toast({ title: "Developer console unlocked", description: "Moderation tools are open for this session." });
				} else {
					toast({ title: ACCESS_DENIED, description: INVALID_PASSKEY, variant: "error" });
				}
			},
			onError: (error) => {
				if (sessionLost(error)) return;
				// Too many tries, or a server without a console: the server says which.
				// A failure on the way is not a wrong passkey: say what it was.
				const description = failureText(error);
				toast({ title: ACCESS_DENIED, description, variant: "error" });
			},
		});
	};

	return (
		<form onSubmit={submit} className="flex flex-col gap-2" aria-label="Unlock the developer console">
			<p className="text-sm text-base-content/70">Moderation tools for the CommonCents team.</p>
			<label htmlFor="dev-passkey" className="text-sm font-medium">
				Developer passkey
			</label>
			<div className="flex gap-2">
				<input
					id="dev-passkey"
					type="password"
					autoComplete="off"
					className="input w-full"
					value={passkey}
					onChange={(e) => setPasskey(e.target.value)}
				/>
				<button type="submit" className="btn btn-neutral" disabled={verify.isPending}>
					{verify.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
					Unlock
				</button>
			</div>
		</form>
	);
}
