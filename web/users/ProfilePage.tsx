import { useQuery } from "@tanstack/react-query";
import { Link, useCanGoBack, useParams, useRouter } from "@tanstack/react-router";
import { clientSideText, isStatus } from "../api/failure.ts";
import { displayName } from "../components/Avatar.tsx";
import { AlertIcon, ChevronDownIcon, UsersIcon } from "../components/icons.tsx";
import { SearchMessage } from "../components/SearchStates.tsx";
import { usePageTitle } from "../components/usePageTitle.ts";
import { ProfileView } from "./ProfileView.tsx";
import { profileQuery } from "./queries.ts";

export const PROFILE_PRIVATE_TITLE = "This profile is private or does not exist";
export const PROFILE_FAILED_TITLE = "This profile could not be loaded";

/** Back where the shopper came from (a result, Discover), or to Discover on a page opened by its address. */
function BackLink() {
	const router = useRouter();
	const canGoBack = useCanGoBack();
	const className = "btn btn-ghost btn-sm -ml-2 self-start";
	const content = (
		<>
			<ChevronDownIcon className="size-4 rotate-90" />
			{canGoBack ? "Back" : "Discover"}
		</>
	);
	return canGoBack ? (
		<button type="button" className={className} onClick={() => router.history.back()}>
			{content}
		</button>
	) : (
		<Link to="/discover" className={className}>
			{content}
		</Link>
	);
}

/**
 * A shopper's page, from Discover and report bylines: who they are, and while they show their
 * activity, their numbers and newest prices. A private or unknown profile reads the same (the server answers
 * both alike).
 */
export function ProfilePage() {
	const { username = "" } = useParams({ strict: false });
	const profile = useQuery(profileQuery(username));
	const data = profile.data;
	const name = data ? displayName(data) : null;
	usePageTitle(name ? `${name}'s profile` : "Shopper profile");

	let body: React.ReactNode;
	if (data) body = <ProfileView profile={data} headingId="profile-heading" />;
	else if (isStatus(profile.error, 404))
		body = (
			<SearchMessage icon={<UsersIcon className="size-6" />} title={PROFILE_PRIVATE_TITLE} testId="profile-not-found">
				<p>The shopper may have hidden their profile, or the address is mistyped.</p>
				<Link to="/discover" className="btn btn-sm btn-primary mt-2">
					Back to Discover
				</Link>
			</SearchMessage>
		);
	else if (profile.isError)
		body = (
			<SearchMessage
				icon={<AlertIcon className="size-6" />}
				title={PROFILE_FAILED_TITLE}
				tone="error"
				testId="profile-failed"
			>
				{clientSideText(profile.error)}
				<button type="button" className="btn btn-sm btn-outline mt-2" onClick={() => void profile.refetch()}>
					Try again
				</button>
			</SearchMessage>
		);
	else body = <ProfileSkeleton />;

	return (
		<section aria-labelledby="profile-heading" aria-busy={profile.isFetching} className="flex flex-col gap-4">
			<BackLink />
			{/* The view names the page itself (the shopper's name); until then the heading says what it is. */}
			{!data && (
				<h1 id="profile-heading" className="text-2xl font-bold">
					Shopper profile
				</h1>
			)}
			{body}
		</section>
	);
}

function ProfileSkeleton() {
	return (
		<div role="status" className="card bg-base-100 shadow-sm" data-testid="profile-loading">
			<div className="card-body gap-3 p-4" aria-hidden="true">
				<div className="flex items-center gap-3">
					<div className="skeleton size-20 shrink-0 rounded-full" />
					<div className="flex flex-1 flex-col gap-2">
						<div className="skeleton h-6 w-1/2" />
						<div className="skeleton h-4 w-1/3" />
					</div>
				</div>
				<div className="skeleton h-16 w-full" />
				<div className="skeleton h-24 w-full" />
			</div>
			<span className="sr-only">Loading the profile…</span>
		</div>
	);
}
