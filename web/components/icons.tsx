/** The signed-in app's icons, and (re-exported) the landing's, all drawn by the same Icon frame. */
import { Icon, type IconProps as P } from "./landingIcons.tsx";

export { AlertIcon, CloseIcon, EyeIcon, EyeOffIcon, StarIcon, TrendIcon, UsersIcon } from "./landingIcons.tsx";

export const CartIcon = (p: P) => (
	<Icon {...p}>
		<circle cx="9" cy="20" r="1.5" />
		<circle cx="18" cy="20" r="1.5" />
		<path d="M2.5 3h2.5l2.4 11.2a2 2 0 0 0 2 1.6h7.7a2 2 0 0 0 1.9-1.5L21 7H6" />
	</Icon>
);

export const FuelIcon = (p: P) => (
	<Icon {...p}>
		<path d="M4 21V5a2 2 0 0 1 2-2h6a2 2 0 0 1 2 2v16M3 21h12M6 9h6" />
		<path d="M14 11h1.5a1.5 1.5 0 0 1 1.5 1.5V17a1.5 1.5 0 0 0 3 0V8l-3-3" />
	</Icon>
);

export const SettingsIcon = (p: P) => (
	<Icon {...p}>
		<circle cx="12" cy="12" r="3" />
		<path d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z" />
	</Icon>
);

export const PinIcon = (p: P) => (
	<Icon {...p}>
		<path d="M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21z" />
		<circle cx="12" cy="9.5" r="2.5" />
	</Icon>
);

export const PencilIcon = (p: P) => (
	<Icon {...p}>
		<path d="M16.5 3.5a2.1 2.1 0 0 1 3 3L8 18l-4 1 1-4z" />
	</Icon>
);

export const BarcodeIcon = (p: P) => (
	<Icon {...p}>
		<path d="M3 7V5a2 2 0 0 1 2-2h2M17 3h2a2 2 0 0 1 2 2v2M21 17v2a2 2 0 0 1-2 2h-2M7 21H5a2 2 0 0 1-2-2v-2M7 8v8M10 8v8M14 8v8M17 8v8" />
	</Icon>
);

export const SearchIcon = (p: P) => (
	<Icon {...p}>
		<circle cx="11" cy="11" r="7" />
		<path d="m20 20-3.5-3.5" />
	</Icon>
);

export const BellIcon = (p: P) => (
	<Icon {...p}>
		<path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.9 1.9 0 0 0 3.4 0" />
	</Icon>
);

export const TagIcon = (p: P) => (
	<Icon {...p}>
		<path d="M20.6 13.4 13.4 20.6a2 2 0 0 1-2.8 0L3 13V3h10l7.6 7.6a2 2 0 0 1 0 2.8z" />
		<circle cx="7.5" cy="7.5" r="1.5" />
	</Icon>
);

export const ThumbUpIcon = (p: P) => (
	<Icon {...p}>
		<path d="M7 10v11M7 10l4-7a2.5 2.5 0 0 1 2.5 3L13 10h5.5a2 2 0 0 1 2 2.3l-1.2 7A2 2 0 0 1 17.3 21H7M7 10H4a1 1 0 0 0-1 1v9a1 1 0 0 0 1 1h3" />
	</Icon>
);

export const CheckIcon = (p: P) => (
	<Icon {...p}>
		<path d="m5 12 5 5L20 7" />
	</Icon>
);

export const SparkleIcon = (p: P) => (
	<Icon {...p}>
		<path d="M12 3v4M12 17v4M3 12h4M17 12h4M6.3 6.3l2.1 2.1M15.6 15.6l2.1 2.1M6.3 17.7l2.1-2.1M15.6 8.4l2.1-2.1" />
	</Icon>
);

export const ChevronDownIcon = (p: P) => (
	<Icon {...p}>
		<path d="m6 9 6 6 6-6" />
	</Icon>
);
