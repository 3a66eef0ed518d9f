import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { clientSideText } from "../api/failure.ts";
import { useSessionLost } from "../auth/index.ts";
import { AlertIcon, CloseIcon, FuelIcon, PinIcon, StarIcon } from "../components/icons.tsx";
import { useToast } from "../state/toast.ts";
import { type SpotKind, type StarredStore, spotsQuery, useStar } from "./queries.ts";
import { STAR_FAILED_MESSAGE } from "./StarButton.tsx";

export const SPOTS_FAILED_MESSAGE = "Failed to load your spots";
export const SPOTS_EMPTY_MESSAGE = "Star a store or station from any result to keep it here.";

type Spot = Pick<StarredStore, "id" | "name" | "address" | "zipCode">;

function SpotItem({ kind, spot, headingId }: { kind: SpotKind; spot: Spot; headingId: string }) {
	const star = useStar();
	const toast = useToast();
	const sessionLost = useSessionLost();
	const onUnstar = (event: React.MouseEvent<HTMLButtonElement>) => {
		if (star.isPending) return;
		// The item leaves at once: the focus moves on to the next spot's button (or the one before, or the heading).
		const item = event.currentTarget.closest("li");
		const neighbour = item?.nextElementSibling ?? item?.previousElementSibling;
		(neighbour?.querySelector<HTMLElement>("[data-unstar]") ?? document.getElementById(headingId))?.focus();
		star.mutate(
			{ kind, id: spot.id, starred: false },
			{
				onError: (error) => {
					if (!sessionLost(error))
						toast({ title: STAR_FAILED_MESSAGE, description: clientSideText(error), variant: "error" });
				},
			},
		);
	};
	return (
		<li className="flex items-center justify-between gap-3 py-2" data-testid={`my-${kind}`}>
			<div className="flex min-w-0 items-start gap-2">
				{kind === "store" ? (
					<PinIcon className="mt-0.5 size-4 shrink-0 text-base-content/70" />
				) : (
					<FuelIcon className="mt-0.5 size-4 shrink-0 text-base-content/70" />
				)}
				<div className="min-w-0">
					<p className="font-medium break-words">{spot.name}</p>
					<p className="text-sm break-words text-base-content/70">
						{spot.address}
						{spot.zipCode ? `, ${spot.zipCode}` : ""}
					</p>
				</div>
			</div>
			<button
				type="button"
				className="btn btn-ghost btn-sm shrink-0 gap-1"
				data-unstar
				aria-label={`Unstar ${spot.name}`}
				aria-disabled={star.isPending || undefined}
				onClick={onUnstar}
			>
				<CloseIcon className="size-4" />
				<span aria-hidden="true">Unstar</span>
			</button>
		</li>
	);
}

function SpotList({
	kind,
	title,
	spots,
	headingId,
}: {
	kind: SpotKind;
	title: string;
	spots: Spot[];
	headingId: string;
}) {
	const listId = useId();
	if (spots.length === 0) return null;
	return (
		<div className="flex flex-col gap-1">
			<h3 id={listId} className="text-sm font-semibold text-base-content/70">
				{title}
			</h3>
			<ul aria-labelledby={listId} className="flex flex-col divide-y divide-base-300">
				{spots.map((spot) => (
					<SpotItem key={spot.id} kind={kind} spot={spot} headingId={headingId} />
				))}
			</ul>
		</div>
	);
}

/** Settings' My spots: the stores and stations the shopper starred, each with a way to unstar it. */
export function MySpots() {
	const spots = useQuery(spotsQuery);
	const headingId = useId();

	let body: React.ReactNode;
	if (spots.isPending)
		body = (
			<div role="status" aria-label="Loading your spots" className="flex flex-col gap-2">
				<div className="skeleton h-5 w-1/2" aria-hidden="true" />
				<div className="skeleton h-5 w-2/3" aria-hidden="true" />
			</div>
		);
	else if (spots.isError)
		body = (
			<div role="alert" className="flex flex-col items-start gap-2 text-sm text-error">
				<span className="flex items-center gap-2">
					<AlertIcon className="size-4" />
					{SPOTS_FAILED_MESSAGE}
				</span>
				<button type="button" className="btn btn-sm btn-outline" onClick={() => void spots.refetch()}>
					Try again
				</button>
			</div>
		);
	else if (spots.data.stores.length + spots.data.stations.length === 0)
		body = (
			<p className="text-sm text-base-content/70" data-testid="spots-empty">
				{SPOTS_EMPTY_MESSAGE}
			</p>
		);
	else
		body = (
			<>
				<SpotList kind="station" title="Stations" spots={spots.data.stations} headingId={headingId} />
				<SpotList kind="store" title="Stores" spots={spots.data.stores} headingId={headingId} />
			</>
		);

	return (
		<section aria-labelledby={headingId} className="card bg-base-100 shadow-sm" id="spots">
			<div className="card-body gap-3">
				<h2 id={headingId} tabIndex={-1} className="flex items-center gap-2 font-semibold">
					<StarIcon className="size-5" />
					My spots
				</h2>
				<p className="text-sm text-base-content/70">Starred stations come first on the Gas page.</p>
				{body}
			</div>
		</section>
	);
}
