import { useRouterState } from "@tanstack/react-router";
import { Suspense } from "react";
import { Logo, Spinner } from "../components/Logo.tsx";
import { Pages } from "./pages.tsx";

/**
 * A shared list's link opened by someone not signed in: the list read-only in a plain frame, with the way to
 * join. The link is all it takes to read it (the API's answer is public), so it must not ask for an account.
 */
export function GuestSharedList() {
	const pathname = useRouterState({ select: (s) => s.location.pathname });
	return (
		<div className="min-h-screen bg-base-200">
			<header className="flex items-center justify-between gap-2 bg-base-100 px-4 py-3 shadow-sm">
				<Logo />
				{/* Signed in, the shopper comes back to this list (AuthGate reads `next`). */}
				<a href={`/auth?next=${encodeURIComponent(pathname)}`} className="btn btn-sm btn-primary">
					Sign in
				</a>
			</header>
			<main className="mx-auto w-full max-w-2xl p-4">
				<Suspense fallback={<Spinner label="Loading the list" />}>
					<Pages.SharedListPage />
				</Suspense>
			</main>
		</div>
	);
}
