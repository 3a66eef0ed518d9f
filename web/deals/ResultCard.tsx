import { Link } from "@tanstack/react-router";
import { useId } from "react";
import { isRefusal, ownMessage } from "../api/failure.ts";
import { useSessionLost } from "../auth/index.ts";
import { formatCurrency, formatMiles, seenAgo } from "../components/format.ts";
import { AlertIcon, CheckIcon, PinIcon, SparkleIcon, TagIcon, ThumbUpIcon, TrendIcon } from "../components/icons.tsx";
import { PriceTermsBadge } from "../components/PriceTerms.tsx";
import { FeedbackBar } from "../feedback/index.ts";
import { AddToListMenu } from "../lists/index.ts";
import { UnderReviewNote } from "../notices/index.ts";
import { StarButton } from "../spots/index.ts";
import { useToast } from "../state/toast.ts";
import { ReporterLink } from "../users/index.ts";
import { StoreReportsLine, UnitPrice } from "./PriceFacts.tsx";
import { type Report, useTakeDeal, useToggleUpvote } from "./queries.ts";
import { useReportAgain } from "./useReportAgain.ts";

export const AI_VERIFIED_MIN_CONFIDENCE = 0.7;
export const UPVOTE_FAILED_MESSAGE = "Failed to toggle upvote. Please try again.";
export const TAKE_DEAL_FAILED_MESSAGE = "Failed to process deal. Please try again.";

const AVAILABILITY_LABEL: Record<string, string> = {
	limited: "Limited stock",
	"out-of-stock": "Out of stock",
};

/**
 * Take This Deal's answer. Savings are measured against the typical price now (the median of the live prices
 * nearby that can be trusted), never the highest; an unusual price nobody has confirmed saves nothing yet. "Now":
 * a history page beside it names the typical price of its own window.
 */
function takenToast(savings: number, typicalPrice: number, unusual: boolean) {
	const typical = formatCurrency(typicalPrice);
	if (savings > 0)
		return {
			title: `You saved ${formatCurrency(savings)}!`,
			description: `Compared with typical now, ${typical}, the middle of the live prices nearby. It's added to your savings.`,
		};
	return {
		title: "Deal taken",
		description: unusual
			? "An unconfirmed price adds nothing to your savings until another shopper confirms it."
			: `It isn't below typical now, ${typical}, the middle of the live prices nearby, so there's nothing to add to your savings.`,
	};
}

/** The server's own words for a refused action (a deal already taken, a card out of date), when it gave any. */
const refusal = (error: unknown) => (isRefusal(error) ? ownMessage(error) : undefined);

const votesText = (upvotes: number) => `${upvotes} ${upvotes === 1 ? "vote" : "votes"}`;

/**
 * The shopper's own report: no upvote or Take This Deal to be refused (the card's feedback row says it is
 * theirs), only how many shoppers upvoted it, and the way to give its new price: a new report of it.
 */
function OwnVotes({ report, describedBy }: { report: Report; describedBy: string }) {
	const reportAgain = useReportAgain();
	return (
		<div className="card-actions mt-auto items-center justify-between border-t border-base-200 pt-3">
			<p className="inline-flex min-h-8 items-center gap-1.5 text-sm text-base-content/70" data-testid="own-votes">
				<ThumbUpIcon className="size-4" />
				{votesText(report.upvotes)}
			</p>
			<button
				type="button"
				className="btn btn-sm btn-outline"
				aria-describedby={describedBy}
				onClick={() => reportAgain(report)}
			>
				Report a new price
			</button>
		</div>
	);
}

/** Said beside a price the quality check found unusual, until another shopper confirms it. */
export const UNCONFIRMED_NOTE = "Unusual for this product nearby, and not yet confirmed by another shopper.";

/**
 * One search result (spec §2): badges, price, store, reporter and the price's age, upvote and Take This Deal,
 * and the row that lets a shopper confirm or correct it (on their own report: its votes and "Your report").
 * `best`: it wears Best Deal (the list decides which).
 */
export function ResultCard({
	report,
	best,
	onNewReport,
	homeId,
	historyLink = true,
}: {
	report: Report;
	best: boolean;
	/** Whether it links to the product's price history (not on that page itself). */
	historyLink?: boolean;
	/** A shopper filed a new price in place of this one (it is retired). */
	onNewReport?: (id: number) => void;
	/** What takes the focus when the card leaves its list after the shopper's word (FeedbackBar's `homeId`). */
	homeId?: string;
}) {
	const titleId = useId();
	const toast = useToast();
	const sessionLost = useSessionLost();
	const upvote = useToggleUpvote();
	const takeDeal = useTakeDeal();
	const taken = report.hasUserTakenDeal;
	const takeHeld = takeDeal.isPending || taken;
	const verified = (report.verificationConfidence ?? 0) >= AI_VERIFIED_MIN_CONFIDENCE;
	// A shopper's "out of stock" since the last confirmation says more than what the reporter saw on the shelf.
	const availability = report.outOfStock ? "Out of stock" : AVAILABILITY_LABEL[report.availability];
	const miles = formatMiles(report.distanceMiles);

	const onUpvote = () =>
		upvote.mutate(
			{ id: report.id, add: !report.hasUserUpvoted },
			{
				onError: (error) => {
					// Spec §8 fixes the upvote's text; the server's reason (one's own report) goes beneath it.
					if (!sessionLost(error))
						toast({ title: UPVOTE_FAILED_MESSAGE, description: refusal(error), variant: "error" });
				},
			},
		);

	const onTakeDeal = () =>
		takeDeal.mutate(report.id, {
			onSuccess: ({ savings, typicalPrice }) => toast(takenToast(savings, typicalPrice, report.unusual)),
			onError: (error) => {
				if (!sessionLost(error)) toast({ title: refusal(error) ?? TAKE_DEAL_FAILED_MESSAGE, variant: "error" });
			},
		});

	return (
		<article aria-labelledby={titleId} className="card overflow-hidden bg-base-100 shadow-sm" data-testid="result-card">
			{report.imageUrl && (
				<figure className="bg-base-200">
					<img src={report.imageUrl} alt={report.productName} loading="lazy" className="h-44 w-full object-cover" />
				</figure>
			)}
			{/* A 65-letter word (a product, store or address) breaks rather than pushing the price off the card. */}
			<div className="card-body gap-3 p-4 wrap-anywhere">
				{(best || report.goodDeal || verified || availability || report.priceType !== "regular") && (
					<div className="flex flex-wrap gap-2">
						<PriceTermsBadge terms={report} />
						{best && <span className="badge badge-success">Best Deal</span>}
						{/* Outlined beside Best Deal's solid: within a few percent of the lowest price nearby lately. */}
						{report.goodDeal && (
							<span className="badge badge-success badge-outline gap-1" data-testid="good-deal">
								<TagIcon className="size-3.5" />
								Good deal
							</span>
						)}
						{verified && (
							<span className="badge badge-info gap-1">
								<SparkleIcon className="size-3.5" />
								AI Verified
							</span>
						)}
						{availability && <span className="badge badge-warning badge-soft">{availability}</span>}
					</div>
				)}
				<div className="flex items-start justify-between gap-3">
					<h2 id={titleId} className="min-w-0 text-lg leading-snug font-semibold">
						{report.productName}
					</h2>
					<div className="shrink-0 text-right">
						{/* A multi-buy is priced as the shelf says it; one's share is only at that quantity. */}
						<div className="text-2xl font-bold text-primary" data-testid="result-price">
							{report.multiBuy
								? `${report.multiBuy.quantity} for ${formatCurrency(report.multiBuy.price)}`
								: formatCurrency(report.price)}
						</div>
						{report.multiBuy && <div className="text-xs text-base-content/70">{formatCurrency(report.price)} each</div>}
						{report.size && <UnitPrice price={report.price} size={report.size} />}
					</div>
				</div>
				{report.storeReports && <StoreReportsLine storeReports={report.storeReports} price={report.price} />}
				<div className="flex items-start gap-2 text-sm">
					<PinIcon className="mt-0.5 size-4 shrink-0 text-base-content/70" />
					<div className="min-w-0">
						<span id={`${titleId}-store`} className="font-medium" data-testid="result-store">
							{report.store.name}
						</span>
						<span className="block text-base-content/70">
							{report.store.address}
							{miles && (
								<>
									{" · "}
									<span data-testid="result-distance">{miles}</span>
								</>
							)}
						</span>
					</div>
					<StarButton
						kind="store"
						id={report.store.id}
						name={report.store.name}
						starred={report.starred}
						className="-my-1.5 ml-auto shrink-0"
					/>
				</div>
				{report.unusual && (
					<p className="flex items-start gap-1.5 text-xs text-(--warning-ink)" data-testid="result-unusual">
						<AlertIcon className="mt-px size-3.5 shrink-0" />
						<span>
							<strong className="font-semibold">Unconfirmed price.</strong> {UNCONFIRMED_NOTE}
						</span>
					</p>
				)}
				{report.underReview && <UnderReviewNote />}
				{report.description && <div className="text-sm text-base-content/80">{report.description}</div>}
				<div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
					<div className="text-xs text-base-content/70">
						Reported by <ReporterLink user={report.user} testId="result-reporter" />
						{" · "}
						<time dateTime={report.seenAt} data-testid="result-time">
							{seenAgo(report)}
						</time>
					</div>
					{historyLink && (
						<Link
							to="/products"
							search={{
								name: report.productName,
								category: report.categoryId,
								...(report.barcode ? { barcode: report.barcode } : {}),
							}}
							// Which product, for a list of the page's links; it starts with the words shown (WCAG 2.5.3).
							aria-label={`Price history of ${report.productName}`}
							className="link link-primary inline-flex min-h-6 items-center gap-1 text-sm"
						>
							<TrendIcon className="size-4" />
							Price history
						</Link>
					)}
					<AddToListMenu
						product={{ name: report.productName, barcode: report.barcode ?? undefined, categoryId: report.categoryId }}
						describedBy={`${titleId} ${titleId}-store`}
					/>
				</div>
				<FeedbackBar
					target="product"
					report={report}
					describedBy={`${titleId} ${titleId}-store`}
					onNewReport={onNewReport}
					homeId={homeId}
				/>
				{report.isOwnReport ? (
					<OwnVotes report={report} describedBy={`${titleId} ${titleId}-store`} />
				) : (
					<div className="card-actions mt-auto items-center justify-between border-t border-base-200 pt-3">
						<button
							type="button"
							aria-pressed={report.hasUserUpvoted}
							// Which deal, for a list of the page's buttons: the product and the store.
							aria-describedby={`${titleId} ${titleId}-store`}
							// The visible count is part of the name (WCAG 2.5.3: a voice user says what they see).
							aria-label={`Upvote, ${votesText(report.upvotes)}`}
							// aria-disabled, not disabled, while the vote is saved: a disabled button would drop the keyboard's focus.
							aria-disabled={upvote.isPending || undefined}
							onClick={() => !upvote.isPending && onUpvote()}
							className={`btn btn-sm gap-1.5 ${report.hasUserUpvoted ? "btn-primary btn-soft" : "btn-ghost"}`}
						>
							<ThumbUpIcon className="size-4" />
							<span aria-hidden="true">{report.upvotes}</span>
						</button>
						<button
							type="button"
							className={`btn btn-primary btn-sm ${takeHeld ? "btn-disabled" : ""}`}
							aria-disabled={takeHeld || undefined}
							aria-describedby={`${titleId} ${titleId}-store`}
							onClick={() => !takeHeld && onTakeDeal()}
						>
							{taken ? <CheckIcon className="size-4" /> : null}
							{taken ? "Deal Taken" : "Take This Deal"}
						</button>
					</div>
				)}
			</div>
		</article>
	);
}
