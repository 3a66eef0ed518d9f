import { failureText } from "../api/failure.ts";
import { useToast } from "../state/toast.ts";
import { type Plan, useStoreMembership } from "./queries.ts";

/** The membership change, with a toast when it is refused or cannot be sent. */
function useMembership() {
	const membership = useStoreMembership();
	const toast = useToast();
	const change = (storeId: number, member: boolean) =>
		membership.mutate(
			{ storeId, member },
			{
				onError: (error) =>
					toast({ title: "Your membership could not be saved", description: failureText(error), variant: "error" }),
			},
		);
	return { change, busy: membership.isPending };
}

/**
 * The stores whose member prices the plan left out, each with the way to say "I'm a member here": the plan
 * counts a member or loyalty-card price only where the shopper can pay it.
 */
export function MemberPrices({ stores }: { stores: Plan["memberPricesAt"] }) {
	const membership = useMembership();
	if (stores.length === 0) return null;
	return (
		<section
			aria-labelledby="member-prices"
			className="rounded-box bg-base-200 p-4 text-sm"
			data-testid="member-prices"
		>
			<h2 id="member-prices" className="font-semibold">
				Member prices left out
			</h2>
			<ul className="mt-2 flex flex-col gap-2">
				{stores.map((store) => (
					<li key={store.id} className="flex flex-wrap items-center justify-between gap-2">
						<span className="break-words">
							{store.name} has a member price for {store.items === 1 ? "1 item" : `${store.items} items`}
						</span>
						<button
							type="button"
							className="btn btn-sm btn-outline"
							disabled={membership.busy}
							onClick={() => membership.change(store.id, true)}
							aria-label={`I'm a member at ${store.name}`}
						>
							I'm a member
						</button>
					</li>
				))}
			</ul>
		</section>
	);
}

/** A store of the plan whose member prices count: the badge, and the way to say it no longer should. */
export function MemberBadge({ store }: { store: { id: number; name: string; member: boolean } }) {
	const membership = useMembership();
	if (!store.member) return null;
	return (
		<span className="inline-flex items-center gap-1">
			<span className="badge badge-accent badge-soft badge-sm">Member</span>
			<button
				type="button"
				className="btn btn-link btn-xs"
				disabled={membership.busy}
				onClick={() => membership.change(store.id, false)}
				aria-label={`I'm not a member at ${store.name}`}
			>
				Not a member?
			</button>
		</span>
	);
}
