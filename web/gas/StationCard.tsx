import { useEffect, useId, useRef } from "react";
import { formatMiles, timeAgo } from "../components/format.ts";
import { FuelIcon, PinIcon } from "../components/icons.tsx";
import { StarButton } from "../spots/index.ts";
import {
	comparisonBadge,
	FUEL_LABEL,
	FUEL_TYPES,
	type FuelType,
	formatFuelPrice,
	priceAt,
	unitOf,
	worthTheDriveText,
} from "./fuel.ts";
import type { Station } from "./queries.ts";
import { StationHistoryLink } from "./StationHistoryLink.tsx";

type Props = {
	station: Station;
	fuel: FuelType;
	shown?: boolean;
	/** Opens the Report Price modal for this station. */
	onReport: (station: Station) => void;
	/** Its name's heading level: 4 inside a group of the list that has a heading of its own. */
	level?: 3 | 4;
};

/**
 * One nearby station: where and how far, the chosen fuel's price against the area, whether it is worth the
 * drive, and a button to report its price. `shown`: the station a link asked for (a fuel alert's), scrolled
 * to, focused and outlined.
 */
export function StationCard({ station, fuel, shown = false, onReport, level = 3 }: Props) {
	const Heading = level === 3 ? "h3" : "h4";
	const titleId = useId();
	const card = useRef<HTMLElement>(null);
	useEffect(() => {
		if (!shown) return;
		card.current?.scrollIntoView({ block: "center" });
		card.current?.focus({ preventScroll: true });
	}, [shown]);
	const price = priceAt(station, fuel);
	const badge = station.priceComparison === null ? null : comparisonBadge(station.priceComparison);
	const others = FUEL_TYPES.flatMap((f) => {
		const other = f === fuel ? null : priceAt(station, f);
		return other === null ? [] : [{ fuel: f, price: other }];
	});
	return (
		<article
			ref={card}
			aria-labelledby={titleId}
			aria-current={shown ? "true" : undefined}
			tabIndex={shown ? -1 : undefined}
			className={`card bg-base-100 shadow-sm ${shown ? "ring-2 ring-primary" : ""}`}
			data-testid="station-card"
		>
			<div className="card-body gap-3 p-4">
				<div className="flex items-start justify-between gap-3">
					<StarButton
						kind="station"
						id={station.id}
						name={station.name}
						starred={station.starred}
						className="-mt-1 -mr-2 -ml-2 shrink-0"
					/>
					<div className="min-w-0 flex-1">
						<Heading id={titleId} className="truncate font-semibold" data-testid="station-name">
							{station.name}
						</Heading>
						<p className="flex items-center gap-1 text-sm text-base-content/70">
							<PinIcon className="size-3.5 shrink-0" />
							<span className="truncate">
								{station.address}
								{station.zipCode ? `, ${station.zipCode}` : ""}
							</span>
							{station.distanceMiles !== null && (
								<>
									<span aria-hidden="true">·</span>
									<span className="shrink-0 whitespace-nowrap" data-testid="station-distance">
										{formatMiles(station.distanceMiles)}
									</span>
								</>
							)}
						</p>
					</div>
					<div className="flex shrink-0 flex-col items-end gap-1">
						{price === null ? (
							<p className="text-sm text-base-content/70">No {FUEL_LABEL[fuel]} price</p>
						) : (
							<p className="text-2xl font-bold leading-none">
								<span className="sr-only">{FUEL_LABEL[fuel]} </span>
								<span data-testid="station-price">{formatFuelPrice(price, fuel)}</span>
								<span className="text-sm font-normal text-base-content/70">{unitOf(fuel)}</span>
							</p>
						)}
						{badge && (
							<span className={`badge badge-sm ${badge.tone}`} data-testid="price-comparison" title={badge.label}>
								<span aria-hidden="true">{badge.text}</span>
								<span className="sr-only">{badge.label}</span>
							</span>
						)}
					</div>
				</div>
				{station.worthTheDriveDollars !== null && (
					<p
						className={`text-sm font-medium ${station.worthTheDriveDollars > 0 ? "" : "text-base-content/70"}`}
						data-testid="worth-the-drive"
					>
						{worthTheDriveText(station.worthTheDriveDollars, fuel)}
					</p>
				)}
				{others.length > 0 && (
					<dl className="flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label="Other fuels">
						{others.map((o) => (
							<div key={o.fuel} className="flex gap-1" data-testid={`other-${o.fuel}`}>
								<dt className="text-base-content/70">{FUEL_LABEL[o.fuel]}</dt>
								<dd className="font-medium">
									{formatFuelPrice(o.price, o.fuel)}
									<span className="text-base-content/70">{unitOf(o.fuel)}</span>
								</dd>
							</div>
						))}
					</dl>
				)}
				<div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
					<p className="text-xs text-base-content/70" data-testid="station-updated">
						Updated {timeAgo(station.lastUpdated)} · {station.reportsCount} report
						{station.reportsCount === 1 ? "" : "s"}
					</p>
					<div className="flex flex-wrap items-center gap-x-3 gap-y-1">
						<StationHistoryLink station={station} fuel={fuel} />
						{/* Named with its station, starting with the words shown (WCAG 2.5.3), for a list of the page's buttons. */}
						<button
							type="button"
							className="btn btn-sm btn-outline btn-primary"
							aria-label={`Report price at ${station.name}, ${station.address}`}
							onClick={() => onReport(station)}
						>
							<FuelIcon className="size-4" />
							Report price
						</button>
					</div>
				</div>
			</div>
		</article>
	);
}
