import type { QueryClient } from "@tanstack/react-query";
import { createRootRouteWithContext, createRoute, createRouter, Outlet } from "@tanstack/react-router";
import { productSearch, stationSearch } from "../history/index.ts";
import { loadAfreshAfterMissingCode, RouteError } from "./AppError.tsx";
import { AuthGate } from "./AuthGate.tsx";
import { Pages } from "./pages.tsx";

// The offline banner and the toasts sit around the router, in Root.tsx: they stay mounted from landing to app.
const rootRoute = createRootRouteWithContext<{ queryClient: QueryClient }>()({
	component: Outlet,
	// Behind the gate too: the not-found page is for the signed in; a suspended account sees only its notice.
	notFoundComponent: () => <AuthGate notFound />,
});

/** Every screen sits behind the auth gate. */
const gated = createRoute({ getParentRoute: () => rootRoute, id: "gated", component: AuthGate });
const page = <const P extends string>(path: P, component: () => React.ReactNode) =>
	createRoute({ getParentRoute: () => gated, path, component });

const gatedPages = [
	page("/", Pages.DealsHome),
	page("/auth", Pages.DealsHome),
	page("/grocery", Pages.DealsHome),
	page("/gas", Pages.GasPage),
	page("/discover", Pages.DiscoverPage),
	page("/settings", Pages.SettingsPage),
	// The deal a price alert's notification opens.
	page("/deals/$id", Pages.DealPage),
	// A shopper's page, from Discover and report bylines.
	page("/people/$username", Pages.ProfilePage),
	// Shopping lists, one with its plan, and a list another shopper shared by its link.
	page("/lists", Pages.ListsPage),
	page("/lists/$id", Pages.ListPage),
	page("/shared-lists/$token", Pages.SharedListPage),
	// A product's prices near the shopper, and a station's: each from a result or a station, with its choices
	// in the address (a link, the back button and a reload keep them).
	createRoute({
		getParentRoute: () => gated,
		path: "/products",
		component: Pages.ProductPage,
		validateSearch: productSearch,
	}),
	createRoute({
		getParentRoute: () => gated,
		path: "/stations/$id",
		component: Pages.StationPage,
		validateSearch: stationSearch,
	}),
] as const;

const routeTree = rootRoute.addChildren([gated.addChildren(gatedPages)]);

export function createAppRouter(queryClient: QueryClient) {
	const router = createRouter({
		routeTree,
		context: { queryClient },
		defaultPreload: "intent",
		defaultErrorComponent: RouteError,
		scrollRestoration: true,
	});
	router.subscribe("onBeforeNavigate", ({ toLocation }) => loadAfreshAfterMissingCode(toLocation.href));
	return router;
}

declare module "@tanstack/react-router" {
	interface Register {
		router: ReturnType<typeof createAppRouter>;
	}
}
