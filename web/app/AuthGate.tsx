import { useQuery } from "@tanstack/react-query";
import { lazyRouteComponent, Navigate, useRouterState } from "@tanstack/react-router";
import { Suspense, useEffect } from "react";
import { failureStatus } from "../api/failure.ts";
import { ForeignAnswer } from "../api/http.ts";
import { AuthScreen, currentUserQuery } from "../auth/index.ts";
import { Spinner } from "../components/Logo.tsx";
import { NotFound } from "./NotFound.tsx";
import { preloadPage } from "./pages.tsx";
import { isOpenToGuests } from "./Root.tsx";
import { noteUnreachable, useOnline } from "./useOnline.ts";

// The landing is the first screen of a new visitor: the signed-in frame and the suspension notice load on demand.
const AppShell = lazyRouteComponent(() => import("./AppShell.tsx"), "AppShell");
const SuspendedScreen = lazyRouteComponent(() => import("../auth/SuspendedScreen.tsx"), "SuspendedScreen");
const GuestSharedList = lazyRouteComponent(() => import("./GuestSharedList.tsx"), "GuestSharedList");

/**
 * The auth state machine of spec §2 and §4: loading, terminated, guest, or the signed-in app; at a path with no
 * screen (`notFound`), the not-found page once signed in.
 */
export function AuthGate({ notFound = false }: { notFound?: boolean }) {
	const auth = useQuery(currentUserQuery);
	const pathname = useRouterState({ select: (s) => s.location.pathname });
	const online = useOnline();
	const unreachable = auth.isError && failureStatus(auth.error) === null;

	// Asking who is signed in failed for want of a network: ask again once there is one.
	const { refetch } = auth;
	useEffect(() => {
		if (!unreachable) return;
		// No answer at all is offline, whatever the browser believes; a Wi-Fi sign-in page did answer.
		if (!(auth.error instanceof ForeignAnswer)) noteUnreachable();
		const again = () => void refetch();
		window.addEventListener("online", again);
		return () => window.removeEventListener("online", again);
	}, [unreachable, refetch, auth.error]);

	if (auth.isPending) return <Spinner label="Loading CommonCents" />;
	// Offline (the app shell came from the service worker): the landing, under the offline banner.
	if (unreachable && !online) return <AuthScreen />;
	if (auth.isError) {
		const answered = failureStatus(auth.error);
		const status = answered === null ? "Network error" : `HTTP ${answered}`;
		return (
			<main className="flex min-h-screen flex-col items-center justify-center gap-4 p-4 text-center">
				<h1 className="text-xl font-bold">CommonCents could not load your account</h1>
				<p role="alert" className="text-base-content/75">
					{status}. Check your connection and try again.
				</p>
				<button type="button" className="btn btn-primary" onClick={() => void auth.refetch()}>
					Try again
				</button>
			</main>
		);
	}
	const state = auth.data;
	const loading = <Spinner label="Loading CommonCents" />;
	if (state.status === "terminated") {
		return (
			<Suspense fallback={loading}>
				<SuspendedScreen reason={state.reason} terminatedAt={state.terminatedAt} />
			</Suspense>
		);
	}
	// A shared list's link is all it takes to read the list: a guest sees it, not the sign-in.
	if (state.status === "guest" && isOpenToGuests(pathname))
		return (
			<Suspense fallback={loading}>
				<GuestSharedList />
			</Suspense>
		);
	if (state.status === "guest") return <AuthScreen />;
	if (notFound) return <NotFound />;
	// /auth is the sign-in address; once signed in it is the Deals home, shown at /, or the shared list the
	// shopper signed in from (only such a path: `next` never sends anyone elsewhere).
	if (pathname === "/auth") {
		const next = new URLSearchParams(window.location.search).get("next") ?? "";
		const token = isOpenToGuests(next) ? next.slice("/shared-lists/".length) : null;
		return token ? <Navigate to="/shared-lists/$token" params={{ token }} replace /> : <Navigate to="/" replace />;
	}
	preloadPage(pathname);
	return (
		<Suspense fallback={loading}>
			<AppShell user={state.user} />
		</Suspense>
	);
}
