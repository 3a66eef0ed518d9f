import { Link } from "@tanstack/react-router";
import { TrendIcon } from "../components/icons.tsx";
import type { FuelType } from "./fuel.ts";

/**
 * A station's price history page, opened on `fuel`. Its name says which station, starting with the words shown
 * (WCAG 2.5.3), for a list of the page's links.
 */
export function StationHistoryLink({
	station,
	fuel,
	className = "text-sm",
}: {
	station: { id: number; name: string; address: string };
	fuel: FuelType;
	className?: string;
}) {
	return (
		<Link
			to="/stations/$id"
			params={{ id: String(station.id) }}
			search={{ fuel }}
			aria-label={`Price history of ${station.name}, ${station.address}`}
			className={`link link-primary inline-flex min-h-6 items-center gap-1 ${className}`}
			data-testid="station-history-link"
		>
			<TrendIcon className="size-4" />
			Price history
		</Link>
	);
}
