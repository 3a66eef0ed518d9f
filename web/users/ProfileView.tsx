import { Link } from "@tanstack/react-router";
import { Avatar, displayName } from "../components/Avatar.tsx";
import { formatCurrency, timeAgo } from "../components/format.ts";
import { PinIcon } from "../components/icons.tsx";
import { PriceTermsBadge } from "../components/PriceTerms.tsx";
import { UnderReviewNote } from "../notices/index.ts";
import type { PublicProfile } from "./queries.ts";
import { Reputation } from "./Reputation.tsx";

type Activity = NonNullable<PublicProfile["activity"]>;

const memberSince = (iso: string) =>
	new Date(iso).toLocaleDateString("en-US", { month: "long", year: "numeric", timeZone: "UTC" });

/** A shopper's page once loaded: who they are, then their numbers and newest prices when there are any to show. */
export function ProfileView({ profile, headingId }: { profile: PublicProfile; headingId: string }) {
	const name = displayName(profile);
	const { activity } = profile;
	return (
		<>
			<header className="card bg-base-100 shadow-sm">
				<div className="card-body flex-row items-center gap-4 p-4">
					<Avatar person={profile} size="lg" />
					<div className="flex min-w-0 flex-1 flex-col gap-1">
						<h1 id={headingId} className="text-2xl font-bold wrap-anywhere">
							{name}
						</h1>
						<p className="truncate text-sm text-base-content/70">@{profile.username}</p>
						<p className="flex flex-wrap items-center gap-x-3 text-sm text-base-content/70">
							<span data-testid="member-since">Member since {memberSince(profile.memberSince)}</span>
							{profile.zipCode && (
								<span className="flex items-center gap-1">
									<PinIcon className="size-3.5" />
									{profile.zipCode}
								</span>
							)}
						</p>
						{activity && (
							<Reputation
								priceReportsMade={activity.priceReportsMade}
								accuracy={activity.accuracy}
								unjudged={profile.own ? "No reports judged yet" : undefined}
							/>
						)}
					</div>
				</div>
			</header>
			{profile.own && <OwnNotes profile={profile} />}
			{activity ? (
				<>
					<Stats activity={activity} />
					<RecentReports reports={activity.recentReports} />
				</>
			) : (
				<p className="card bg-base-100 p-4 text-center text-base-content/70 shadow-sm" data-testid="activity-hidden">
					{profile.firstName || profile.username} keeps their activity private.
				</p>
			)}
		</>
	);
}

/** What only the shopper sees on their own page: who else does, and where that is set. */
function OwnNotes({ profile }: { profile: PublicProfile }) {
	const notes = [
		!profile.isPublicProfile && "Only you can see this page: your profile is private.",
		profile.isPublicProfile && !profile.showActivity && "Others see your name only: your activity is hidden.",
	].filter(Boolean);
	if (notes.length === 0) return null;
	return (
		<div role="note" className="alert alert-info alert-soft flex flex-wrap" data-testid="profile-own-note">
			<span>{notes.join(" ")}</span>
			<Link to="/settings" className="link font-medium">
				Privacy settings
			</Link>
		</div>
	);
}

function Stats({ activity }: { activity: Activity }) {
	const stats = [
		{ label: "Reports", value: String(activity.totalReports), id: "reports" },
		{ label: "Saved", value: formatCurrency(activity.totalMoneySaved), id: "saved" },
		{ label: "Stores", value: String(activity.uniqueStoresVisited), id: "stores" },
		{ label: "Upvotes", value: String(activity.reputation), id: "upvotes" },
	];
	return (
		<dl className="grid grid-cols-2 gap-2 rounded-box bg-base-100 p-3 text-center shadow-sm sm:grid-cols-4">
			{stats.map((s) => (
				<div key={s.id} className="rounded-box bg-base-200 p-2">
					<dt className="text-xs text-base-content/70">{s.label}</dt>
					<dd className="text-lg font-semibold" data-testid={`profile-${s.id}`}>
						{s.value}
					</dd>
				</div>
			))}
		</dl>
	);
}

/**
 * Their newest live prices, each opening its product's prices near the viewer. A sale, member or multi-buy price
 * says so, as a search's card does (a multi-buy as the shelf prices it, one's share beside).
 */
function RecentReports({ reports }: { reports: Activity["recentReports"] }) {
	return (
		<section aria-labelledby="recent-reports-heading" className="flex flex-col gap-2">
			<h2 id="recent-reports-heading" className="text-lg font-semibold">
				Recent reports
			</h2>
			{reports.length === 0 ? (
				<p className="text-base-content/70" data-testid="recent-reports-empty">
					No prices on show right now.
				</p>
			) : (
				<ul className="grid grid-cols-1 gap-2 md:grid-cols-2" data-testid="recent-reports">
					{reports.map((r) => (
						<li key={r.id}>
							<Link
								to="/products"
								search={{
									name: r.productName,
									category: r.categoryId,
									...(r.barcode ? { barcode: r.barcode } : {}),
								}}
								className="card card-border h-full border-base-300 bg-base-100 transition-colors hover:border-primary"
								data-testid="recent-report"
							>
								<span className="card-body flex-row items-start justify-between gap-3 p-3 wrap-anywhere">
									<span className="flex min-w-0 flex-col items-start gap-0.5">
										<span className="font-semibold">{r.productName}</span>
										{r.underReview && <UnderReviewNote compact />}
										<PriceTermsBadge terms={r} />
										<span className="text-xs text-base-content/70">
											{r.store.name} · <time dateTime={r.createdAt}>{timeAgo(r.createdAt)}</time>
										</span>
									</span>
									<span className="flex shrink-0 flex-col items-end">
										<span className="text-lg font-bold text-primary" data-testid="recent-report-price">
											{r.multiBuy
												? `${r.multiBuy.quantity} for ${formatCurrency(r.multiBuy.price)}`
												: formatCurrency(r.price)}
										</span>
										{r.multiBuy && <span className="text-xs text-base-content/70">{formatCurrency(r.price)} each</span>}
									</span>
								</span>
							</Link>
						</li>
					))}
				</ul>
			)}
		</section>
	);
}
