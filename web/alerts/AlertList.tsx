import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { categoriesQuery } from "../api/categories.ts";
import { useSessionLost } from "../auth/index.ts";
import { formatCurrency, formatMiles, timeAgo } from "../components/format.ts";
import { fuelPriceText } from "../components/fuel.ts";
import { AlertIcon, BellIcon, CloseIcon, PencilIcon } from "../components/icons.tsx";
import { PaymentBadge, PriceTermsBadge } from "../components/PriceTerms.tsx";
import { SearchMessage } from "../components/SearchStates.tsx";
import { useToast } from "../state/toast.ts";
import { AlertEditForm } from "./AlertEditForm.tsx";
import { alertsQuery, type PriceAlert, useDeleteAlert } from "./queries.ts";

export const DELETE_FAILED_MESSAGE = "Failed to delete price alert. Please try again.";
/** The Alerts tab's New Alert button, where the focus goes when the last alert is deleted. */
export const NEW_ALERT_BUTTON_ID = "new-alert-button";

/** A price as its alert watches it: fuel to the tenth of a cent per gallon or kWh, a product to the cent. */
const priceText = (price: number, fuel: PriceAlert["fuelType"]) =>
	fuel ? fuelPriceText(price, fuel) : formatCurrency(price);

function LastHit({ alert }: { alert: PriceAlert }) {
	const hit = alert.lastHit;
	// Notified once, but that price has gone since (its shopper deleted the account, or moderation withdrew it).
	if (!hit && alert.lastNotified) {
		return (
			<p className="text-sm text-base-content/70" data-testid="alert-last-hit">
				Last match <time dateTime={alert.lastNotified}>{timeAgo(alert.lastNotified)}</time>, no longer listed
			</p>
		);
	}
	if (!hit) return <p className="text-sm text-base-content/70">No matching price yet</p>;
	// A multi-buy as the shelf prices it, one's share (what the target is compared with) beside it.
	const price = hit.multiBuy
		? `${hit.multiBuy.quantity} for ${formatCurrency(hit.multiBuy.price)} (${formatCurrency(hit.price)} each)`
		: priceText(hit.price, alert.fuelType);
	// A member price, a sale or a fuel price for cash or card only says so.
	const terms = hit.payment ? (
		<PaymentBadge payment={hit.payment} />
	) : hit.priceType === "member" || hit.priceType === "sale" ? (
		<PriceTermsBadge terms={hit} />
	) : null;
	const miles = formatMiles(hit.distanceMiles);
	return (
		<p className="text-sm" data-testid="alert-last-hit">
			<span className="badge badge-success badge-sm mr-2">Last hit</span>
			<span className="font-semibold">{price}</span>
			{terms && <> {terms}</>} at {hit.storeName}
			<span className="text-base-content/70">
				{" "}
				({hit.storeAddress}) · {hit.productName}
				{miles ? ` · ${miles}` : ""} · <time dateTime={hit.at}>{timeAgo(hit.at)}</time>
			</span>
		</p>
	);
}

function AlertItem({ alert, categoryName }: { alert: PriceAlert; categoryName: string | null }) {
	const [editing, setEditing] = useState(false);
	const editButton = useRef<HTMLButtonElement>(null);
	// Closing the form gives the focus back to the Edit button it replaced, not to the top of the page.
	const refocus = useRef(false);
	useEffect(() => {
		if (!editing && refocus.current) editButton.current?.focus();
		refocus.current = false;
	}, [editing]);
	const remove = useDeleteAlert();
	const toast = useToast();
	const sessionLost = useSessionLost();
	const onDelete = (event: React.MouseEvent<HTMLButtonElement>) => {
		// This button goes with the alert: the focus moves on to the next alert's (or the one before, or New Alert).
		const item = event.currentTarget.closest("li");
		const neighbour = item?.nextElementSibling ?? item?.previousElementSibling;
		remove.mutate(alert.id, {
			onSuccess: () => {
				toast({ title: "Price alert deleted", description: alert.productName });
				(
					neighbour?.querySelector<HTMLElement>("[data-delete-alert]") ?? document.getElementById(NEW_ALERT_BUTTON_ID)
				)?.focus();
			},
			onError: (error) => {
				if (!sessionLost(error)) toast({ title: DELETE_FAILED_MESSAGE, variant: "error" });
			},
		});
	};
	const details = [
		alert.targetPrice === null ? "Any price" : `At or under ${priceText(alert.targetPrice, alert.fuelType)}`,
		categoryName,
		alert.scope === "spots" ? "at your starred spots" : alert.zipCode && `near ${alert.zipCode}`,
	];
	if (editing) {
		return (
			<li className="card bg-base-100 shadow-sm" data-testid="alert-item">
				<AlertEditForm
					alert={alert}
					onClose={() => {
						refocus.current = true;
						setEditing(false);
					}}
				/>
			</li>
		);
	}
	return (
		<li className="card bg-base-100 shadow-sm" data-testid="alert-item">
			<div className="card-body flex-row items-start gap-3 p-4">
				<span className="mt-1 text-primary">
					<BellIcon />
				</span>
				<div className="flex min-w-0 flex-1 flex-col gap-1">
					<h3 className="flex flex-wrap items-center gap-2 font-semibold break-words">
						{alert.productName}
						<span className="badge badge-ghost badge-sm font-normal">
							{alert.fuelType ? "Fuel" : "Product"}
							<span className="sr-only"> alert</span>
						</span>
					</h3>
					<p className="text-sm text-base-content/70">{details.filter(Boolean).join(" · ")}</p>
					<LastHit alert={alert} />
				</div>
				<button
					ref={editButton}
					type="button"
					className="btn btn-ghost btn-sm btn-square"
					aria-label={`Edit alert for ${alert.productName}`}
					onClick={() => setEditing(true)}
				>
					<PencilIcon />
				</button>
				<button
					type="button"
					className="btn btn-ghost btn-sm btn-square"
					data-delete-alert
					aria-label={`Delete alert for ${alert.productName}`}
					// aria-disabled while deleting, not disabled: a disabled button drops the keyboard's focus to the page.
					onClick={(event) => !remove.isPending && onDelete(event)}
					aria-disabled={remove.isPending || undefined}
				>
					{remove.isPending ? (
						<span className="loading loading-spinner loading-xs" aria-hidden="true" />
					) : (
						<CloseIcon />
					)}
				</button>
			</div>
		</li>
	);
}

/** The user's alerts with their last hit, and the loading, empty and error states. */
export function AlertList() {
	const alerts = useQuery(alertsQuery);
	const categories = useQuery(categoriesQuery);
	const nameOf = (id: number | null) => categories.data?.find((c) => c.id === id)?.name ?? null;

	if (alerts.isPending) {
		return (
			<div role="status" className="flex justify-center py-8">
				<span className="loading loading-spinner loading-md text-primary" aria-hidden="true" />
				<span className="sr-only">Loading your price alerts…</span>
			</div>
		);
	}
	if (alerts.isError) {
		return (
			<SearchMessage icon={<AlertIcon />} title="Could not load your price alerts" tone="error">
				<p>Check your connection and try again.</p>
				<button type="button" className="btn btn-sm btn-outline mt-3" onClick={() => void alerts.refetch()}>
					Try again
				</button>
			</SearchMessage>
		);
	}
	if (alerts.data.length === 0) {
		return (
			<SearchMessage icon={<BellIcon />} title="No price alerts yet">
				<p>Create one and we will tell you the moment a neighbour reports a price under your target.</p>
			</SearchMessage>
		);
	}
	return (
		<ul className="flex flex-col gap-3" aria-label="Your price alerts">
			{alerts.data.map((alert) => (
				<AlertItem key={alert.id} alert={alert} categoryName={nameOf(alert.categoryId)} />
			))}
		</ul>
	);
}
