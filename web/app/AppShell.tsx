import { Link, Outlet } from "@tanstack/react-router";
import { Suspense } from "react";
import { useLiveAlerts } from "../alerts/index.ts";
import { type CurrentUser, ZipCodeEditor } from "../auth/index.ts";
import { Announcement } from "../components/Announcement.tsx";
import { Logo, Spinner } from "../components/Logo.tsx";
import { useArrivalAnnouncement } from "../components/usePageTitle.ts";
import { usePushOnThisDevice } from "../push/index.ts";
import { BottomNav } from "./BottomNav.tsx";

/** The signed-in frame: header with the zip code, the page, the footer logo and the bottom navigation. */
export function AppShell({ user }: { user: CurrentUser }) {
	// One live stream per signed-in tab, whatever screen is open: alert hits arrive everywhere.
	useLiveAlerts();
	// This device's push subscription back on the server after a sign-in; a notification's click routed here.
	usePushOnThisDevice(user.id);
	// Moving between screens keeps the focus on the navigation (the next tap is often there too), so a
	// screen reader is told where it arrived, as Next.js's route announcer does.
	const arrival = useArrivalAnnouncement();
	return (
		<div className="flex min-h-screen flex-col bg-base-200">
			<header className="sticky top-0 z-30 border-b border-base-300 bg-base-100/95 backdrop-blur">
				<div className="mx-auto flex h-14 max-w-5xl items-center justify-between gap-2 px-4">
					<Link to="/" aria-label="CommonCents home">
						<Logo size="sm" />
					</Link>
					<ZipCodeEditor key={user.id} zipCode={user.zipCode} />
				</div>
			</header>
			<main className="mx-auto w-full max-w-5xl flex-1 px-4 py-5">
				<Suspense fallback={<Spinner label="Loading the page" />}>
					<Outlet />
				</Suspense>
			</main>
			<footer className="flex justify-center pt-4 pb-[calc(6rem+env(safe-area-inset-bottom))]" data-testid="footer">
				<Logo size="sm" />
			</footer>
			<BottomNav />
			<Announcement text={arrival} testId="route-announcement" />
		</div>
	);
}
