import { Link } from "@tanstack/react-router";
import { Avatar, displayName } from "../components/Avatar.tsx";
import { formatCurrency } from "../components/format.ts";
import { PinIcon } from "../components/icons.tsx";
import type { UserSearchResult } from "./queries.ts";
import { Reputation } from "./Reputation.tsx";

export { isTrustedContributor, TRUSTED_CONTRIBUTOR_MIN_REPORTS, TrustedBadge } from "./Reputation.tsx";

/**
 * One shopper in the Discover grid; their numbers only when they share their activity. The name is the link to
 * their page, stretched over the whole card for a pointer; a keyboard reaches it once.
 */
export function UserCard({ user }: { user: UserSearchResult }) {
	const name = displayName(user);
	const stats =
		user.totalReports === null
			? null
			: [
					{ label: "Reports", value: String(user.totalReports) },
					{ label: "Saved", value: formatCurrency(user.totalMoneySaved ?? 0) },
					{ label: "Stores", value: String(user.uniqueStoresVisited ?? 0) },
					{ label: "Upvotes", value: String(user.reputation ?? 0) },
				];
	return (
		<article
			className="card relative h-full bg-base-100 shadow-sm transition-shadow hover:shadow-md"
			aria-label={name}
			data-testid="user-card"
		>
			<div className="card-body gap-3 p-4">
				<div className="flex items-center gap-3">
					<Avatar person={user} />
					<div className="min-w-0 flex-1">
						<h2 className="truncate font-semibold">
							<Link
								to="/people/$username"
								params={{ username: user.username }}
								className="link link-hover after:absolute after:inset-0 after:rounded-box"
							>
								{name}
							</Link>
						</h2>
						<p className="truncate text-sm text-base-content/70">@{user.username}</p>
						{user.zipCode && (
							<p className="flex items-center gap-1 text-xs text-base-content/70">
								<PinIcon className="size-3" />
								{user.zipCode}
							</p>
						)}
					</div>
				</div>
				<Reputation priceReportsMade={user.priceReportsMade} accuracy={user.accuracy} />
				{stats ? (
					<dl className="grid grid-cols-2 gap-2 rounded-box bg-base-200 p-2 text-center">
						{stats.map((s) => (
							<div key={s.label}>
								<dt className="text-xs text-base-content/70">{s.label}</dt>
								<dd className="font-semibold" data-testid={`user-${s.label.toLowerCase()}`}>
									{s.value}
								</dd>
							</div>
						))}
					</dl>
				) : (
					<p className="rounded-box bg-base-200 p-2 text-center text-sm text-base-content/70">Activity hidden</p>
				)}
			</div>
		</article>
	);
}
