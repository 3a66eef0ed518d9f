import { Link } from "@tanstack/react-router";
import { useNavItems } from "./navItems.ts";

/** The fixed bottom navigation of phones and tablets (spec §2); a wide screen has the side navigation instead. */
export function BottomNav() {
	return (
		<nav
			aria-label="Main"
			className="dock dock-md fixed inset-x-0 bottom-0 z-40 border-t border-base-300 bg-base-100 pb-safe sm:px-[max(0.5rem,calc((100%_-_36rem)/2))] lg:hidden"
		>
			{useNavItems().map(({ label, to, active, Icon }) => (
				<Link
					key={label}
					to={to}
					aria-current={active ? "page" : undefined}
					className={active ? "dock-active text-primary" : "text-base-content/70"}
				>
					<Icon className="size-6" />
					<span className="dock-label">{label}</span>
				</Link>
			))}
		</nav>
	);
}
