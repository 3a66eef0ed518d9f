import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "@tanstack/react-router";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { createAppRouter } from "./app/router.tsx";
import { registerServiceWorker } from "./app/serviceWorker.ts";
import { currentUserQuery } from "./auth/queries.ts";

// Spec §7: no retries, no refetch on focus or timer, and data never goes stale by itself.
const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: false,
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
      refetchInterval: false,
      staleTime: Number.POSITIVE_INFINITY,
    },
    mutations: { retry: false },
  },
});
// Who is signed in decides the first screen. index.html preloads /api/auth/user, so this takes that answer.
const whoIsSignedIn = queryClient.prefetchQuery(currentUserQuery);

/** A new task: the browser may paint and answer input between start-up steps, so no step blocks it for long. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
const FIRST_RENDER_WAIT_MS = 1500;

/**
 * Start-up in short steps rather than one long task: the scripts' own evaluation, then the route tree, then the
 * first match, then the first render. The render waits (a little) for who is signed in and the first match, so it
 * draws the right screen once, the landing or the signed-in shell, rather than a spinner and a second render; past
 * the wait it goes ahead, and the auth gate shows its spinner until the answer comes.
 */
async function start(root: HTMLElement) {
  await nextTask();
  const router = createAppRouter(queryClient);
  await nextTask();
  const firstMatch = router.load().catch((error: unknown) => console.error(error));
  const wait = new Promise<void>((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS));
  await Promise.race([Promise.all([firstMatch, whoIsSignedIn]), wait]);
  // A transition render is time-sliced: React yields to the browser every few milliseconds instead of holding
  // the main thread for the whole first screen.
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </StrictMode>,
    );
  });
}

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root");
void start(root);
registerServiceWorker();
