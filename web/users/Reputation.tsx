import type { CurrentUser } from "../auth/index.ts";
import { StarIcon } from "../components/icons.tsx";

/** Spec §9: a Trusted Contributor has made more than 10 price reports. */
export const TRUSTED_CONTRIBUTOR_MIN_REPORTS = 11;
export const isTrustedContributor = (priceReportsMade: number | null) =>
	(priceReportsMade ?? 0) >= TRUSTED_CONTRIBUTOR_MIN_REPORTS;

export type Accuracy = NonNullable<CurrentUser["accuracy"]>;

export function TrustedBadge() {
	return (
		<span className="badge badge-success badge-sm gap-1" data-testid="trusted-badge">
			<StarIcon className="size-3" />
			Trusted Contributor
		</span>
	);
}

/**
 * A shopper's standing: the spec's Trusted Contributor badge and, beside it, their accuracy ("96% accurate")
 * with what it counts in plain words ("48 of 50 reports stood"), read out in that order. With nothing judged
 * yet there is no percentage to show: `unjudged` says so where it helps (one's own profile), or nothing.
 */
export function Reputation({
	priceReportsMade,
	accuracy,
	unjudged,
}: {
	priceReportsMade: number | null;
	accuracy: Accuracy | null;
	unjudged?: string;
}) {
	const trusted = isTrustedContributor(priceReportsMade);
	if (!trusted && !accuracy && !unjudged) return null;
	return (
		<p className="flex flex-wrap items-center gap-x-2 gap-y-1" data-testid="reputation">
			{trusted && <TrustedBadge />}
			{accuracy ? (
				<>
					<span className="badge badge-info badge-sm" data-testid="accuracy">
						{accuracy.percent}% accurate
					</span>
					<span className="text-xs text-base-content/70" data-testid="accuracy-explained">
						{accuracy.accurate} of {accuracy.judged} {accuracy.judged === 1 ? "report" : "reports"} stood
					</span>
				</>
			) : (
				unjudged && <span className="text-xs text-base-content/70">{unjudged}</span>
			)}
		</p>
	);
}
