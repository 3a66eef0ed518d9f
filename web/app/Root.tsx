import { useQuery } from "@tanstack/react-query";
import { type ComponentType, Suspense, useState } from "react";
import { AuthScreen, type AuthState, currentUserQuery } from "../auth/index.ts";
import { Spinner } from "../components/Logo.tsx";
import { Toaster } from "../components/Toaster.tsx";
import { ArrivalProvider } from "../components/usePageTitle.ts";
import { ToastProvider } from "../state/toast.ts";
import { AppErrorBoundary } from "./AppError.tsx";
import { OfflineBanner } from "./OfflineBanner.tsx";
import type { RoutedChunk } from "./routedChunk.tsx";

/** The paths a guest may read without an account: a shared list's link is all it takes to read the list. */
export const isOpenToGuests = (pathname: string) => /^\/shared-lists\/[^/?#]+$/.test(pathname);

/**
 * A guest sees the landing at any other path (spec §2: the routes, the not-found page among them, are for the
 * signed in), which needs no router; anyone else (or no answer yet) routes.
 */
export const showsLanding = (auth: AuthState | undefined, pathname = window.location.pathname) =>
	auth?.status === "guest" && !isOpenToGuests(pathname);

/**
 * The app's top: the offline banner and the toasts around either the landing, for a guest who has just arrived,
 * or the routed app. Once routed, it stays routed: signing out there shows the landing through the auth gate.
 */
export function Root({ routed }: { routed: RoutedChunk }) {
	const auth = useQuery(currentUserQuery);
	const landing = showsLanding(auth.data);
	const [Routed, setRouted] = useState<ComponentType | null>(() => (landing ? null : routed.component()));
	if (!landing && !Routed) setRouted(() => routed.component());
	return (
		<ToastProvider>
			<ArrivalProvider>
				<OfflineBanner />
				<AppErrorBoundary>
					{Routed ? (
						<Suspense fallback={<Spinner label="Loading CommonCents" />}>
							<Routed />
						</Suspense>
					) : (
						<AuthScreen />
					)}
				</AppErrorBoundary>
				<Toaster />
			</ArrivalProvider>
		</ToastProvider>
	);
}
