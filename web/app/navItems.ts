import { useRouterState } from "@tanstack/react-router";
import { CartIcon, FuelIcon, SettingsIcon, UsersIcon } from "../components/icons.tsx";

/** The app's four destinations (spec §2), the same in the bottom bar and the side navigation. */
export const NAV_ITEMS = [
	{
		label: "Grocery",
		to: "/",
		activeOn: ["/", "/grocery", "/products", "/lists", "/lists/", "/shared-lists/"],
		Icon: CartIcon,
	},
	{ label: "Gas", to: "/gas", activeOn: ["/gas", "/stations/"], Icon: FuelIcon },
	{ label: "Discover", to: "/discover", activeOn: ["/discover", "/people/"], Icon: UsersIcon },
	{ label: "Settings", to: "/settings", activeOn: ["/settings"], Icon: SettingsIcon },
] as const;

/** A destination holds its own paths, and every path under one of them that ends in "/" (a station's page under Gas). */
const holds = (paths: readonly string[], pathname: string) =>
	paths.some((p) => p === pathname || (p.length > 1 && p.endsWith("/") && pathname.startsWith(p)));

/** Whether each destination is the current one (Grocery on / and /grocery). */
export function useNavItems() {
	const pathname = useRouterState({ select: (s) => s.location.pathname });
	return NAV_ITEMS.map((item) => ({ ...item, active: holds(item.activeOn, pathname) }));
}
