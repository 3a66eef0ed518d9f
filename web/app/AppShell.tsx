import { Link, Outlet } from "@tanstack/react-router";
import { Suspense } from "react";
import { useLiveAlerts } from "../alerts/index.ts";
import { type CurrentUser, ZipCodeEditor } from "../auth/index.ts";
import { Announcement } from "../components/Announcement.tsx";
import { Logo, Spinner } from "../components/Logo.tsx";
import { OfflineAsOf } from "../components/OfflineAsOf.tsx";
import { useArrivalAnnouncement } from "../components/usePageTitle.ts";
import { useOutboxSender, WaitingToSend } from "../offline/index.ts";
import { usePushOnThisDevice } from "../push/index.ts";
import { BottomNav } from "./BottomNav.tsx";
import { SideNav } from "./SideNav.tsx";

/**
 * The signed-in frame: header with the zip code, the page, the footer logo and the navigation: a bottom bar on
 * phones and tablets, down the left beside the page on a wide screen (1024 px and wider).
 */
export function AppShell({ user }: { user: CurrentUser }) {
	// One live stream per signed-in tab, whatever screen is open: alert hits arrive everywhere.
	useLiveAlerts();
	// This device's push subscription back on the server after a sign-in; a notification's click routed here.
	usePushOnThisDevice(user.id);
	// Reports kept on this device while offline go out from whichever screen is open.
	useOutboxSender(user.id);
	// Moving between screens keeps the focus on the navigation (the next tap is often there too), so a
	// screen reader is told where it arrived, as Next.js's route announcer does.
	const arrival = useArrivalAnnouncement();
	return (
		<div className="flex min-h-screen flex-col bg-base-200">
			<header className="sticky top-0 z-30 border-b border-base-300 bg-base-100/95 backdrop-blur">
				<div className="mx-auto flex h-14 max-w-5xl items-center justify-between gap-2 px-4 lg:max-w-7xl">
					<Link to="/" aria-label="CommonCents home">
						<Logo size="sm" />
					</Link>
					<ZipCodeEditor key={user.id} zipCode={user.zipCode} />
				</div>
			</header>
			<div className="mx-auto flex w-full max-w-5xl flex-1 lg:max-w-7xl lg:gap-6 lg:px-4">
				<SideNav />
				<main className="w-full min-w-0 flex-1 px-4 py-5 lg:px-0">
					<OfflineAsOf />
					<WaitingToSend />
					<Suspense fallback={<Spinner label="Loading the page" />}>
						<Outlet />
					</Suspense>
				</main>
			</div>
			<footer
				className="flex justify-center pt-4 pb-[calc(6rem+env(safe-area-inset-bottom))] lg:pb-6"
				data-testid="footer"
			>
				<Logo size="sm" />
			</footer>
			<BottomNav />
			<Announcement text={arrival} testId="route-announcement" />
		</div>
	);
}
