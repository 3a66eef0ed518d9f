import { Link } from "@tanstack/react-router";
import { useNavItems } from "./navItems.ts";

/**
 * The navigation of a wide screen: the bottom bar's destinations down the left, before the page in reading and
 * tab order, staying in view as the page scrolls. Below the wide breakpoint it is not shown (nor in the
 * accessibility tree), and the bottom bar is.
 */
export function SideNav() {
	return (
		<nav aria-label="Main" className="hidden w-52 shrink-0 lg:block">
			<ul className="menu sticky top-14 w-full gap-1 py-5">
				{useNavItems().map(({ label, to, active, Icon }) => (
					<li key={label}>
						<Link
							to={to}
							aria-current={active ? "page" : undefined}
							className={`gap-3 py-2.5 text-base ${active ? "bg-primary/10 font-semibold text-primary" : "text-base-content/80"}`}
						>
							<Icon className="size-5" />
							{label}
						</Link>
					</li>
				))}
			</ul>
		</nav>
	);
}
