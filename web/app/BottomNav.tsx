import { Link, useRouterState } from "@tanstack/react-router";
import { CartIcon, FuelIcon, SettingsIcon, UsersIcon } from "../components/icons.tsx";

const ITEMS = [
	{ label: "Grocery", to: "/", activeOn: ["/", "/grocery", "/products"], Icon: CartIcon },
	{ label: "Gas", to: "/gas", activeOn: ["/gas", "/stations/"], Icon: FuelIcon },
	{ label: "Discover", to: "/discover", activeOn: ["/discover", "/people/"], Icon: UsersIcon },
	{ label: "Settings", to: "/settings", activeOn: ["/settings"], Icon: SettingsIcon },
] as const;

/** A tab holds its own paths, and every path under one of them that ends in "/" (a station's page under Gas). */
const holds = (paths: readonly string[], pathname: string) =>
	paths.some((p) => p === pathname || (p.length > 1 && p.endsWith("/") && pathname.startsWith(p)));

/** The fixed bottom navigation (spec §2): Grocery is active on / and /grocery. */
export function BottomNav() {
	const pathname = useRouterState({ select: (s) => s.location.pathname });
	return (
		<nav
			aria-label="Main"
			className="dock dock-md fixed inset-x-0 bottom-0 z-40 border-t border-base-300 bg-base-100 pb-safe sm:px-[max(0.5rem,calc((100%_-_36rem)/2))]"
		>
			{ITEMS.map(({ label, to, activeOn, Icon }) => {
				const active = holds(activeOn, pathname);
				return (
					<Link
						key={label}
						to={to}
						aria-current={active ? "page" : undefined}
						className={active ? "dock-active text-primary" : "text-base-content/70"}
					>
						<Icon className="size-6" />
						<span className="dock-label">{label}</span>
					</Link>
				);
			})}
		</nav>
	);
}
