import type { ReactNode } from "react";
import { useSessionLost } from "../auth/index.ts";
import { AlertIcon, BellIcon, CheckIcon } from "../components/icons.tsx";
import { useToast } from "../state/toast.ts";
import type { NotificationState } from "./notify.ts";
import { useTestNotification } from "./queries.ts";
import { useDeliver } from "./useLiveAlerts.ts";
import { useNotificationState } from "./useNotificationState.ts";

export const TEST_FAILED_MESSAGE = "Failed to send test notification";

/** Spec §8's titles for each state; the text says what still works. */
const COPY: Record<NotificationState, { title: string; text: string; tone: string; icon: ReactNode }> = {
	default: {
		title: "Get notified about price drops",
		text: "Turn on browser notifications and we will tell you the moment a neighbour reports a price under your target.",
		tone: "alert-info",
		icon: <BellIcon />,
	},
	granted: {
		title: "Notifications are on",
		text: "We will notify you the moment a price near you drops under one of your alerts.",
		tone: "alert-success",
		icon: <CheckIcon />,
	},
	denied: {
		title: "Notifications Disabled",
		text: "Notifications are blocked for this site. Allow them in your browser's site settings; until then, alerts appear here in the app.",
		tone: "alert-warning",
		icon: <AlertIcon />,
	},
	insecure: {
		title: "HTTPS Required",
		text: "Browsers only allow notifications over a secure (https) connection. Alerts still appear here in the app while it is open.",
		tone: "alert-warning",
		icon: <AlertIcon />,
	},
	unsupported: {
		title: "Notification Limited",
		text: "This browser limits notifications from web pages (on iPhone and iPad, add CommonCents to your Home Screen first). Alerts appear here in the app while it is open.",
		tone: "alert-warning",
		icon: <AlertIcon />,
	},
};

/** The enable-notifications banner of the Alerts tab, with a test for every state. */
export function NotificationBanner() {
	const { state, request, refresh } = useNotificationState();
	const test = useTestNotification();
	const deliver = useDeliver();
	const toast = useToast();
	const sessionLost = useSessionLost();
	const copy = COPY[state];

	const sendTest = () =>
		test.mutate(undefined, {
			onSuccess: ({ title, body }) => {
				deliver(title, body, "test-notification");
				refresh(); // a browser that refused the notification now reads as limited
			},
			onError: (error) => {
				if (sessionLost(error)) return;
				toast({ title: TEST_FAILED_MESSAGE, variant: "error" });
			},
		});

	return (
		<section
			aria-labelledby="notification-banner-title"
			data-testid="notification-banner"
			data-state={state}
			className={`alert ${copy.tone} alert-soft flex flex-col items-start gap-3 sm:flex-row sm:items-center`}
		>
			{copy.icon}
			<div className="flex-1">
				<h2 id="notification-banner-title" className="font-semibold">
					{copy.title}
				</h2>
				<p className="text-sm">{copy.text}</p>
			</div>
			<div className="flex flex-wrap gap-2">
				{state === "default" && (
					<button type="button" className="btn btn-primary btn-sm" onClick={() => void request()}>
						Enable Notifications
					</button>
				)}
				<button type="button" className="btn btn-ghost btn-sm" onClick={sendTest} disabled={test.isPending}>
					{test.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
					Send Test Notification
				</button>
			</div>
		</section>
	);
}
