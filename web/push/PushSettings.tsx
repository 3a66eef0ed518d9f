import { useId } from "react";
import { clientSideText } from "../api/failure.ts";
import { type CurrentUser, useSessionLost } from "../auth/index.ts";
import { useToast } from "../state/toast.ts";
import { DailyCap } from "./DailyCap.tsx";
import type { PushState } from "./device.ts";
import { usePushDevice } from "./usePushDevice.ts";

export const PUSH_FAILED = "Failed to change alerts on this device. Please try again.";

/** What each state means, in the words of the Alerts tab's notification banner. */
const COPY: Record<PushState, { text: string; warn?: boolean }> = {
	checking: { text: "Checking this device…" },
	on: { text: "Price alerts reach this device even when CommonCents is closed." },
	off: {
		text: "Turn this on to get price alerts on this device when CommonCents is closed. Your browser will ask for permission.",
	},
	unsupported: {
		warn: true,
		text: "This browser can't receive alerts while CommonCents is closed (on iPhone and iPad, add CommonCents to your Home Screen first and open it from there). Alerts still appear in the app while it is open.",
	},
	insecure: {
		warn: true,
		text: "Browsers only send alerts to sites on a secure (https) connection. Alerts still appear in the app while it is open.",
	},
	denied: {
		warn: true,
		text: "Notifications are blocked for this site. To allow them, open your browser's site settings for CommonCents (the icon beside the address), allow Notifications, then turn this on.",
	},
	failed: {
		warn: true,
		text: "This browser's push service could not be reached, so alerts are not set up here. Check your connection and try again; some browsers and privacy settings block it.",
	},
};

/** Settings' "Alerts on this device": this browser's push on or off, and the daily limit. */
export function PushSettings({ user }: { user: CurrentUser }) {
	const id = useId();
	const { state, change } = usePushDevice(user.id);
	const toast = useToast();
	const sessionLost = useSessionLost();
	const copy = COPY[state];
	const usable = state === "on" || state === "off" || state === "failed";
	const held = !usable || change.isPending;
	const checked = change.isPending ? Boolean(change.variables) : state === "on";

	const flip = (on: boolean) =>
		change.mutate(on, {
			onSuccess: (now) => {
				if (now === "on") toast({ title: "Alerts on", description: "This device will get your price alerts." });
				if (now === "off" && !on) toast({ title: "Alerts off", description: "This device gets no more price alerts." });
			},
			onError: (error) => {
				if (!sessionLost(error)) toast({ title: PUSH_FAILED, description: clientSideText(error), variant: "error" });
			},
		});

	return (
		<section aria-labelledby={`${id}-heading`} className="flex flex-col gap-5" data-testid="push-settings">
			<h2 id={`${id}-heading`} className="font-semibold">
				Alerts on this device
			</h2>
			<div className="flex items-start justify-between gap-4">
				<div>
					<label htmlFor={`${id}-switch`} className="font-medium">
						Send alerts to this device
					</label>
					<p
						id={`${id}-hint`}
						className={copy.warn ? "alert alert-warning alert-soft mt-1 text-sm" : "text-sm text-base-content/70"}
						data-testid="push-state"
						data-state={state}
						aria-live="polite"
					>
						{copy.text}
					</p>
				</div>
				<input
					id={`${id}-switch`}
					type="checkbox"
					role="switch"
					aria-checked={checked}
					className="toggle toggle-primary mt-1"
					aria-describedby={`${id}-hint`}
					checked={checked}
					// Held, not disabled, while it changes or cannot: a disabled switch would drop the keyboard's focus.
					aria-disabled={held || undefined}
					onChange={(e) => !held && flip(e.target.checked)}
				/>
			</div>
			<DailyCap user={user} />
		</section>
	);
}
