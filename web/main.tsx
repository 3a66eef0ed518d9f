import { QueryCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { Root, showsLanding } from "./app/Root.tsx";
import { routedChunk } from "./app/routedChunk.tsx";
import { registerServiceWorker } from "./app/serviceWorker.ts";
import { authKeys, currentUserQuery, suspensionOf } from "./auth/index.ts";
import { noteQueryAnswer, refreshAfterReconnect } from "./components/OfflineAsOf.tsx";

// Spec §7: no retries, no refetch on focus or timer, and data never goes stale by itself. Offline, a read still
// runs (the service worker may answer from its kept copy) and fails at once when nothing is kept, rather than
// waiting for a connection; a write fails at once too, and a report then waits in the outbox.
const queryClient = new QueryClient({
	defaultOptions: {
		queries: {
			networkMode: "offlineFirst",
			retry: false,
			refetchOnWindowFocus: false,
			refetchOnReconnect: false,
			refetchInterval: false,
			staleTime: Number.POSITIVE_INFINITY,
		},
		mutations: { retry: false, networkMode: "always" },
	},
	// A read refused because the account was suspended meanwhile shows the suspension screen (spec §6) at once,
	// rather than that screen's error state; writes do the same through useSessionLost.
	queryCache: new QueryCache({
		onSuccess: noteQueryAnswer,
		onError: (error) => {
			const suspended = suspensionOf(error);
			if (suspended) queryClient.setQueryData(authKeys.user, suspended);
		},
	}),
});
// Who is signed in decides the first screen. index.html preloads /api/auth/user, so this takes that answer.
const whoIsSignedIn = queryClient.prefetchQuery(currentUserQuery);
refreshAfterReconnect(queryClient);

/** A new task: the browser may paint and answer input between start-up steps, so no step blocks it for long. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
const FIRST_RENDER_WAIT_MS = 1500;

/**
 * The first render waits (a little) for who is signed in, so that it draws the right screen once rather than a
 * spinner and then a second render; past the wait it goes ahead, and the auth gate shows its spinner until the
 * answer comes. A guest's landing needs nothing more. Anyone else gets the routed app's chunk and the router's
 * first match first, each in its own task.
 */
async function start(root: HTMLElement) {
	const wait = new Promise<void>((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS));
	await Promise.race([whoIsSignedIn, wait]);
	const routed = routedChunk(queryClient);
	if (!showsLanding(queryClient.getQueryData(currentUserQuery.queryKey))) {
		const appRouter = await routed.load();
		await nextTask();
		await Promise.race([
			appRouter()
				.load()
				.catch((error: unknown) => console.error(error)),
			wait,
		]);
	}
	// A transition render is time-sliced: React yields to the browser every few milliseconds instead of holding
	// the main thread for the whole first screen.
	startTransition(() => {
		createRoot(root).render(
			<StrictMode>
				<QueryClientProvider client={queryClient}>
					<Root routed={routed} />
				</QueryClientProvider>
			</StrictMode>,
		);
	});
}

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root");
void start(root);
registerServiceWorker();
