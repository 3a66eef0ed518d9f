import { Link } from "@tanstack/react-router";
import { useId } from "react";
import { type CurrentUser, useSessionLost } from "../auth/index.ts";
import { useToast } from "../state/toast.ts";
import { useUpdatePrivacy } from "./queries.ts";

export const PRIVACY_FAILED = "Failed to update privacy settings. Please try again.";

type Key = "isPublicProfile" | "showActivity" | "creditOpenData";
const TOGGLES: { key: Key; label: string; on: string; off: string }[] = [
	{
		key: "isPublicProfile",
		label: "Public profile",
		on: "Other shoppers can find you in Discover and open your profile page from your reports.",
		off: "You are hidden from Discover. Your profile page is private, and your reports do not link to it.",
	},
	{
		key: "showActivity",
		label: "Show activity",
		on: "Your profile page shows your reports, savings, stores and accuracy, and your latest prices.",
		off: "Others see your name only: your numbers and latest prices are hidden, and you are not in Top contributors.",
	},
	{
		key: "creditOpenData",
		label: "Credit me in open data",
		on: "When this town's prices are published as open data, your username goes with your prices, while your profile and activity are shown.",
		off: "When this town's prices are published as open data, yours go without your name.",
	},
];

/** The privacy switches (spec §6, and open-data credit); each is saved as soon as it is flipped. */
export function PrivacySettings({ user }: { user: CurrentUser }) {
	const update = useUpdatePrivacy();
	const toast = useToast();
	const sessionLost = useSessionLost();
	const id = useId();

	const flip = (key: Key, value: boolean) =>
		update.mutate(
			{ [key]: value },
			{
				onSuccess: () => toast({ title: "Privacy settings updated" }),
				onError: (error) => {
					if (!sessionLost(error)) toast({ title: PRIVACY_FAILED, variant: "error" });
				},
			},
		);

	return (
		<fieldset className="flex min-w-0 flex-col gap-3">
			<legend className="mb-2 font-semibold">Privacy</legend>
			{TOGGLES.map((t) => {
				const pending = update.isPending ? update.variables?.[t.key] : undefined;
				const checked = pending ?? user[t.key];
				return (
					<div key={t.key} className="flex items-start justify-between gap-4">
						<div>
							<label htmlFor={`${id}-${t.key}`} className="font-medium">
								{t.label}
							</label>
							<p id={`${id}-${t.key}-hint`} className="text-sm text-base-content/70">
								{checked ? t.on : t.off}
							</p>
						</div>
						<input
							id={`${id}-${t.key}`}
							type="checkbox"
							role="switch"
							aria-checked={checked}
							className="toggle toggle-primary mt-1"
							aria-describedby={`${id}-${t.key}-hint`}
							checked={checked}
							// Held while a change is saved, but not disabled: that would drop the keyboard's focus.
							aria-disabled={update.isPending || undefined}
							onChange={(e) => !update.isPending && flip(t.key, e.target.checked)}
						/>
					</div>
				);
			})}
			{/* What the toggles hide, as others see it (the page tells the shopper what only they see). */}
			<Link
				to="/people/$username"
				params={{ username: user.username }}
				className="link link-primary inline-flex min-h-6 items-center self-start text-sm"
			>
				See your profile page
			</Link>
		</fieldset>
	);
}
