import { Link } from "@tanstack/react-router";
import { useId } from "react";
import { formatCurrency, formatMiles, timeAgo } from "../components/format.ts";
import { TagIcon } from "../components/icons.tsx";
import { Icon, type IconProps } from "../components/landingIcons.tsx";
import { PriceTermsBadge } from "../components/PriceTerms.tsx";
import type { FeedItem } from "./queries.ts";

/** The product page's window that the feed's typical price is measured over (src/feed/items.ts TYPICAL_DAYS). */
const TYPICAL_DAYS = 30;

/** A trend going down: a price below its usual. */
const DropIcon = (p: IconProps) => (
	<Icon {...p}>
		<path d="M3 7l6 6 4-4 8 8M15 17h6v-6" />
	</Icon>
);

/**
 * One report of the feed: a card that opens its product's page, with its price, store, miles and badges. A
 * sale, member or multi-buy price says so, as a search's card does: none is shown as a regular price.
 */
function FeedCard({ item, showTime }: { item: FeedItem; showTime: boolean }) {
	const terms = item.priceType !== "regular";
	return (
		<Link
			to="/products"
			search={{
				name: item.productName,
				category: item.categoryId,
				days: TYPICAL_DAYS,
				...(item.barcode ? { barcode: item.barcode } : {}),
			}}
			className="card card-border h-full border-base-300 bg-base-100 transition-colors hover:border-primary"
			data-testid="feed-card"
		>
			<div className="card-body gap-1 p-3 wrap-anywhere">
				<span className="line-clamp-2 font-semibold leading-snug">{item.productName}</span>
				<span className="flex flex-wrap items-baseline gap-x-2">
					{/* A multi-buy is priced as the shelf says it; one's share (what drops are measured by) beside it. */}
					<span className="text-xl font-bold text-primary" data-testid="feed-price">
						{item.multiBuy
							? `${item.multiBuy.quantity} for ${formatCurrency(item.multiBuy.price)}`
							: formatCurrency(item.price)}
					</span>
					{item.multiBuy && <span className="text-xs text-base-content/70">{formatCurrency(item.price)} each</span>}
					{item.dropPercent !== null && item.typicalPrice !== null && (
						<span className="text-xs text-base-content/70">typically {formatCurrency(item.typicalPrice)}</span>
					)}
				</span>
				{(terms || item.dropPercent !== null || item.goodDeal) && (
					<span className="flex flex-wrap gap-1">
						<PriceTermsBadge terms={item} />
						{item.dropPercent !== null && (
							<span className="badge badge-success badge-sm gap-1">
								<DropIcon className="size-3.5" />
								{item.dropPercent}% below typical
							</span>
						)}
						{item.goodDeal && (
							<span className="badge badge-success badge-outline badge-sm gap-1">
								<TagIcon className="size-3.5" />
								Good deal
							</span>
						)}
					</span>
				)}
				<span className="flex flex-col text-xs text-base-content/70">
					<span className="truncate">{item.store.name}</span>
					<span>
						{formatMiles(item.distanceMiles)}
						{showTime && (
							<>
								{item.distanceMiles !== null && " · "}
								<time dateTime={item.createdAt}>{timeAgo(item.createdAt)}</time>
							</>
						)}
					</span>
				</span>
			</div>
		</Link>
	);
}

/**
 * A list of the feed under its heading: a row that scrolls sideways on a phone (each card a snap point), a grid
 * on a wider screen.
 */
export function FeedSection({
	title,
	items,
	showTime = false,
	testId,
}: {
	title: string;
	items: readonly FeedItem[];
	showTime?: boolean;
	testId: string;
}) {
	const headingId = useId();
	return (
		<section aria-labelledby={headingId} className="flex flex-col gap-2" data-testid={testId}>
			<h3 id={headingId} className="font-semibold">
				{title}
			</h3>
			<ul className="flex snap-x gap-3 overflow-x-auto pb-2 md:grid md:grid-cols-3 md:overflow-visible md:pb-0 lg:grid-cols-2 xl:grid-cols-3">
				{items.map((item) => (
					<li key={item.reportId} className="w-56 shrink-0 snap-start md:w-auto">
						<FeedCard item={item} showTime={showTime} />
					</li>
				))}
			</ul>
		</section>
	);
}

/** Placeholder rows while the feed's first answer is on its way. */
export function FeedSkeleton() {
	return (
		<div role="status" aria-label="Loading deals near you" className="flex flex-col gap-2">
			<div className="skeleton h-5 w-40" aria-hidden="true" />
			<div className="flex gap-3 overflow-hidden" aria-hidden="true">
				{[0, 1, 2].map((i) => (
					<div key={i} className="skeleton h-28 w-56 shrink-0 md:w-auto md:flex-1" />
				))}
			</div>
			<span className="sr-only">Loading deals near you…</span>
		</div>
	);
}
