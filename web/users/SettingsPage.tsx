import { useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { DeveloperSection } from "../admin/index.ts";
import { currentUserQuery, DeleteAccount, useSignOut } from "../auth/index.ts";
import { usePageTitle } from "../components/usePageTitle.ts";
import { NoticeList } from "../notices/index.ts";
import { PushSettings } from "../push/index.ts";
import { MySpots } from "../spots/index.ts";
import { useToast } from "../state/toast.ts";
import { ApiTokens } from "../tokens/index.ts";
import { CarSettings } from "./CarSettings.tsx";
import { FuelPreference } from "./FuelPreference.tsx";
import { PasswordChange } from "./PasswordChange.tsx";
import { PrivacySettings } from "./PrivacySettings.tsx";
import { ProfileCard } from "./ProfileCard.tsx";

/**
 * Settings (spec §2): profile photo and stats, sign out, fuel, privacy, alerts on this device, your car,
 * password, notices about your prices (the home banner links to them), my spots, API access (personal access
 * tokens), and the developer section.
 */
export function SettingsPage() {
	const { data } = useQuery(currentUserQuery);
	const signOut = useSignOut();
	const navigate = useNavigate();
	const toast = useToast();
	usePageTitle("Settings");
	if (data?.status !== "authenticated") return null;
	const user = data.user;

	return (
		<section aria-labelledby="settings-heading" className="flex flex-col gap-4">
			<h1 id="settings-heading" className="text-2xl font-bold">
				Settings
			</h1>
			<div className="card bg-base-100 shadow-sm">
				<div className="card-body gap-4">
					<ProfileCard user={user} />
					<button
						type="button"
						className="btn btn-outline"
						disabled={signOut.isPending}
						onClick={() =>
							signOut.mutate(undefined, {
								onSuccess: () => {
									toast({ title: "Signed out", description: "See you soon!" });
									void navigate({ to: "/" });
								},
							})
						}
					>
						Sign Out
					</button>
				</div>
			</div>
			<div className="grid grid-cols-1 gap-4 md:grid-cols-2">
				<section aria-labelledby="preferences-heading" className="card bg-base-100 shadow-sm">
					<div className="card-body gap-6">
						<h2 id="preferences-heading" className="font-semibold">
							Preferences
						</h2>
						<FuelPreference user={user} />
						<PrivacySettings user={user} />
					</div>
				</section>
				<div className="card bg-base-100 shadow-sm">
					<div className="card-body">
						<PushSettings user={user} />
					</div>
				</div>
				<div className="card bg-base-100 shadow-sm">
					<div className="card-body">
						<CarSettings user={user} />
					</div>
				</div>
				<div className="card bg-base-100 shadow-sm">
					<div className="card-body">
						<PasswordChange />
					</div>
				</div>
			</div>
			<NoticeList />
			<MySpots />
			<ApiTokens />
			<section aria-labelledby="delete-account-heading" className="card bg-base-100 shadow-sm">
				<div className="card-body gap-3">
					<h2 id="delete-account-heading" className="font-semibold">
						Delete account
					</h2>
					<p className="text-sm text-base-content/70">
						Removes your account and everything you shared: reports, upvotes, deals taken, alerts and photos.
					</p>
					<DeleteAccount
						label="Delete Account"
						confirmWith={user.username}
						className="btn btn-outline btn-error self-start"
					/>
				</div>
			</section>
			<DeveloperSection />
		</section>
	);
}
