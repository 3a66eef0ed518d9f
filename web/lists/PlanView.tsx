import { useState } from "react";
import { formatCurrency, formatMiles, timeAgo } from "../components/format.ts";
import { termsLabel } from "../components/PriceTerms.tsx";
import { MemberBadge, MemberPrices } from "./Membership.tsx";
import { Panel } from "./Parts.tsx";
import type { ListItem, Plan, PlanChoice } from "./queries.ts";

const money = (dollars: number) => formatCurrency(dollars);

/** What the trip costs and what the choice saves once it is paid, in words. */
function tripLine(choice: PlanChoice) {
	if (!choice.trip) return "Drive not known";
	const drive = choice.trip.miles === 0 ? "No drive beyond your area" : `${formatMiles(choice.trip.miles)} to drive`;
	const cost = choice.trip.cost === null ? "" : ` (${money(choice.trip.cost)} of fuel)`;
	return `${drive}${cost}`;
}

/**
 * The plan as the list's main view: the store (or the two) where the list costs least near the shopper, with the
 * drive paid for. Two stores stand side by side on a wide screen; a phone shows one at a time.
 */
export function PlanView({ plan, items }: { plan: Plan; items: readonly ListItem[] }) {
	const chosen = plan.recommended === "pair" ? plan.pair : plan.single;
	const other = plan.recommended === "pair" ? plan.single : plan.pair;
	if (!chosen) return <MemberPrices stores={plan.memberPricesAt} />;
	return (
		<div className="flex flex-col gap-4" data-testid="plan">
			<Choice
				choice={chosen}
				items={items}
				title={chosen.stores.length === 2 ? "Best plan: two stores" : "Best plan: one store"}
				id="best-plan"
			/>
			{other && (
				<Choice
					choice={other}
					items={items}
					title={other.stores.length === 2 ? "Or two stores" : "Or one store"}
					id="other-plan"
				/>
			)}
			<MemberPrices stores={plan.memberPricesAt} />
			{plan.widened && (
				<p className="text-sm text-base-content/70">Nothing was priced nearby: these stores are farther off.</p>
			)}
		</div>
	);
}

function Choice({
	choice,
	items,
	title,
	id,
}: {
	choice: PlanChoice;
	items: readonly ListItem[];
	title: string;
	id: string;
}) {
	const [shown, setShown] = useState(0);
	const nameOf = new Map(items.map((i) => [i.id, i.name]));
	const missing = choice.missing.map((itemId) => nameOf.get(itemId) ?? "");
	return (
		<Panel title={title} id={id}>
			<p className="text-lg font-semibold" data-testid={`${id}-total`}>
				{money(choice.total)}
				<span className="ml-2 text-sm font-normal text-base-content/70">
					{choice.items.length === 1 ? "1 item" : `${choice.items.length} items`}
				</span>
			</p>
			<p className="text-sm">
				{tripLine(choice)}
				{choice.savingAfterTrip !== null && choice.savingAfterTrip > 0 && (
					<> · saves {money(choice.savingAfterTrip)} on the usual prices, after the drive</>
				)}
			</p>
			{choice.stores.length === 2 && (
				// biome-ignore lint/a11y/useSemanticElements: a group of two toggle buttons, as a segmented control
				<div role="group" aria-label="Store shown" className="join lg:hidden">
					{choice.stores.map((store, index) => (
						<button
							key={store.id}
							type="button"
							className={`btn join-item btn-sm ${shown === index ? "btn-primary" : "btn-outline"}`}
							aria-pressed={shown === index}
							onClick={() => setShown(index)}
						>
							{store.name}
						</button>
					))}
				</div>
			)}
			<div className={`grid gap-4 ${choice.stores.length === 2 ? "lg:grid-cols-2" : ""}`}>
				{choice.stores.map((store, index) => {
					const bought = choice.items.filter((i) => i.storeId === store.id);
					return (
						<div key={store.id} className={index === shown ? "" : "hidden lg:block"} data-testid="plan-store">
							<div className="flex flex-wrap items-center gap-x-2">
								<h3 className="font-semibold break-words">{store.name}</h3>
								<MemberBadge store={store} />
							</div>
							<p className="text-sm text-base-content/70 break-words">
								{store.address} · {formatMiles(store.distanceMiles)}
							</p>
							<ul className="mt-2 flex flex-col gap-1">
								{bought.map((line) => (
									<li key={line.itemId} className="flex justify-between gap-2 text-sm">
										<span className="break-words">
											{nameOf.get(line.itemId)}
											{termsLabel(line) && (
												<span className="badge badge-soft badge-accent badge-xs ml-1 whitespace-nowrap">
													{termsLabel(line)}
												</span>
											)}
										</span>
										<span className="shrink-0 text-right">
											{money(line.price)}
											<span className="block text-xs text-base-content/70">{timeAgo(line.reportedAt)}</span>
										</span>
									</li>
								))}
							</ul>
						</div>
					);
				})}
			</div>
			{missing.length > 0 && (
				<p className="text-sm text-base-content/70">
					Not priced at {choice.stores.length === 2 ? "these stores" : "this store"}: {missing.join(", ")}
				</p>
			)}
		</Panel>
	);
}
