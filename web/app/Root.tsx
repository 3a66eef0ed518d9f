import { type QueryClient, useQuery, useQueryClient } from "@tanstack/react-query";
import { type ComponentType, lazy, Suspense, useState } from "react";
import { AuthScreen, type AuthState, currentUserQuery } from "../auth/index.ts";
import { Spinner } from "../components/Logo.tsx";
import { Toaster } from "../components/Toaster.tsx";
import { ArrivalProvider } from "../components/usePageTitle.ts";
import { ToastProvider } from "../state/toast.ts";
import { AppErrorBoundary } from "./AppError.tsx";
import { OfflineBanner } from "./OfflineBanner.tsx";

type RoutedModule = typeof import("./RoutedApp.tsx");
let routedModule: RoutedModule | undefined;
/** The routed app's chunk; once it has loaded, Root renders it without suspending. */
export const loadRoutedApp = () => import("./RoutedApp.tsx").then((m) => (routedModule = m));
const LazyRoutedApp = lazy(() => loadRoutedApp().then((m) => ({ default: m.RoutedApp })));
type RoutedComponent = ComponentType<{ queryClient: QueryClient }>;
/**
 * The routed app as loaded now: the component itself when its chunk is in (no suspending), or its lazy
 * wrapper. Chosen once per Root: switching from the wrapper to the component later would be a different
 * element type to React, which would build the whole app again and lose every form's state.
 */
const routedComponent = (): RoutedComponent => routedModule?.RoutedApp ?? LazyRoutedApp;

/**
 * A guest sees the landing at any path (spec §2: the routes, the not-found page among them, are for the signed
 * in), which needs no router; anyone else (or no answer yet) routes.
 */
export const showsLanding = (auth: AuthState | undefined) => auth?.status === "guest";

/**
 * The app's top: the offline banner and the toasts around either the landing, for a guest who has just arrived,
 * or the routed app. Once routed, it stays routed: signing out there shows the landing through the auth gate.
 */
export function Root() {
	const queryClient = useQueryClient();
	const auth = useQuery(currentUserQuery);
	const landing = showsLanding(auth.data);
	const [Routed, setRouted] = useState<RoutedComponent | null>(() => (landing ? null : routedComponent()));
	if (!landing && !Routed) setRouted(() => routedComponent());
	return (
		<ToastProvider>
			<ArrivalProvider>
				<OfflineBanner />
				<AppErrorBoundary>
					{Routed ? (
						<Suspense fallback={<Spinner label="Loading CommonCents" />}>
							<Routed queryClient={queryClient} />
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
