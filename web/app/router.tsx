import type { QueryClient } from "@tanstack/react-query";
import { Outlet, createRootRouteWithContext, createRoute, createRouter } from "@tanstack/react-router";
import { Toaster } from "../components/Toaster.tsx";
import { AuthGate } from "./AuthGate.tsx";
import { NotFound } from "./NotFound.tsx";
import { OfflineBanner } from "./OfflineBanner.tsx";
import { Pages } from "./pages.tsx";

const rootRoute = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  component: () => (
    <>
      <OfflineBanner />
      <Outlet />
      <Toaster />
    </>
  ),
  notFoundComponent: NotFound,
});

/** Every real screen sits behind the auth gate; unknown paths fall through to NotFound for everyone. */
const gated = createRoute({ getParentRoute: () => rootRoute, id: "gated", component: AuthGate });
const page = <const P extends string>(path: P, component: () => React.ReactNode) =>
  createRoute({ getParentRoute: () => gated, path, component });

const routeTree = rootRoute.addChildren([
  gated.addChildren([
    page("/", Pages.DealsHome),
    page("/auth", Pages.DealsHome),
    page("/grocery", Pages.DealsHome),
    page("/gas", Pages.GasPage),
    page("/discover", Pages.DiscoverPage),
    page("/settings", Pages.SettingsPage),
  ]),
]);

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: "intent",
    scrollRestoration: true,
  });
}

declare module "@tanstack/react-router" {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
