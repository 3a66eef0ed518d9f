import { lazyRouteComponent } from "@tanstack/react-router";

// Every page is its own chunk, out of the first screen of a new visitor (the landing in AuthGate).
const DealsHome = lazyRouteComponent(() => import("../deals/DealsHome.tsx"), "DealsHome");
const GasPage = lazyRouteComponent(() => import("../gas/GasPage.tsx"), "GasPage");
const DiscoverPage = lazyRouteComponent(() => import("../users/DiscoverPage.tsx"), "DiscoverPage");
const SettingsPage = lazyRouteComponent(() => import("../users/SettingsPage.tsx"), "SettingsPage");
const DealPage = lazyRouteComponent(() => import("../deals/DealPage.tsx"), "DealPage");
const ProductPage = lazyRouteComponent(() => import("../history/ProductPage.tsx"), "ProductPage");
const StationPage = lazyRouteComponent(() => import("../history/StationPage.tsx"), "StationPage");
const ProfilePage = lazyRouteComponent(() => import("../users/ProfilePage.tsx"), "ProfilePage");
const ListsPage = lazyRouteComponent(() => import("../lists/ListsPage.tsx"), "ListsPage");
const ListPage = lazyRouteComponent(() => import("../lists/ListPage.tsx"), "ListPage");
const SharedListPage = lazyRouteComponent(() => import("../lists/SharedListPage.tsx"), "SharedListPage");

const BY_PATH: Record<string, typeof DealsHome> = {
	"/": DealsHome,
	"/grocery": DealsHome,
	"/gas": GasPage,
	"/discover": DiscoverPage,
	"/settings": SettingsPage,
	"/products": ProductPage,
	"/lists": ListsPage,
};

/**
 * What a route renders: a plain component around the lazy one. The router fetches the chunk of a route
 * component that has `preload` before it renders anything, which would hold a guest's landing behind a page
 * the gate will not show; this way the chunk loads when the signed-in shell renders the page.
 */
const page = (Lazy: typeof DealsHome) => () => <Lazy />;
export const Pages = {
	DealsHome: page(DealsHome),
	GasPage: page(GasPage),
	DiscoverPage: page(DiscoverPage),
	SettingsPage: page(SettingsPage),
	DealPage: page(DealPage),
	ProductPage: page(ProductPage),
	StationPage: page(StationPage),
	ProfilePage: page(ProfilePage),
	ListsPage: page(ListsPage),
	ListPage: page(ListPage),
	SharedListPage: page(SharedListPage),
};

/** The pages under a path of their own: a deal, a station, a shopper. */
const BY_PREFIX: [string, typeof DealsHome][] = [
	["/deals/", DealPage],
	["/stations/", StationPage],
	["/people/", ProfilePage],
	["/lists/", ListPage],
	["/shared-lists/", SharedListPage],
];

/** Starts fetching the page at `pathname` beside the signed-in shell, rather than after it. */
export function preloadPage(pathname: string) {
	const lazy = BY_PATH[pathname] ?? BY_PREFIX.find(([prefix]) => pathname.startsWith(prefix))?.[1];
	void lazy?.preload?.();
}
