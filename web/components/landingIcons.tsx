/**
 * Small inline icons (stroke, currentColor), decorative unless given a title. These are the landing's; the
 * signed-in app's are in ./icons.tsx, which re-exports these, so the first screen carries only its own.
 */
import type { ReactNode } from "react";

export function Icon({ children, className = "size-5" }: { children: ReactNode; className?: string }) {
	return (
		<svg
			viewBox="0 0 24 24"
			fill="none"
			stroke="currentColor"
			strokeWidth={2}
			strokeLinecap="round"
			strokeLinejoin="round"
			className={className}
			aria-hidden="true"
			focusable="false"
		>
			{children}
		</svg>
	);
}

export type IconProps = { className?: string };
type P = IconProps;

export const UsersIcon = (p: P) => (
	<Icon {...p}>
		<circle cx="9" cy="8" r="3.5" />
		<path d="M2.5 20a6.5 6.5 0 0 1 13 0" />
		<path d="M16 4.5a3.5 3.5 0 0 1 0 7M18.5 20a6.5 6.5 0 0 0-3-5.5" />
	</Icon>
);

export const EyeIcon = (p: P) => (
	<Icon {...p}>
		<path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
		<circle cx="12" cy="12" r="3" />
	</Icon>
);

export const EyeOffIcon = (p: P) => (
	<Icon {...p}>
		<path d="M3 3l18 18M10.6 5.1A10 10 0 0 1 12 5c6.5 0 10 7 10 7a17 17 0 0 1-3.2 4.1M6.6 6.6A17 17 0 0 0 2 12s3.5 7 10 7a9.7 9.7 0 0 0 5.4-1.6" />
		<path d="M9.9 9.9a3 3 0 0 0 4.2 4.2" />
	</Icon>
);

export const CloseIcon = (p: P) => (
	<Icon className={p.className ?? "size-4"}>
		<path d="M18 6 6 18M6 6l12 12" />
	</Icon>
);

export const TrendIcon = (p: P) => (
	<Icon {...p}>
		<path d="M3 17l6-6 4 4 8-8M15 7h6v6" />
	</Icon>
);

export const StarIcon = (p: P) => (
	<Icon {...p}>
		<path d="m12 3 2.8 5.7 6.2.9-4.5 4.4 1 6.2L12 17.3 6.5 20.2l1-6.2L3 9.6l6.2-.9z" />
	</Icon>
);

export const AlertIcon = (p: P) => (
	<Icon {...p}>
		<path d="M12 3 2 21h20L12 3zM12 10v5M12 18h.01" />
	</Icon>
);
