import { useId, useRef, useState } from "react";
import { clientSideText, doubtOf, failureIssues, type Rejection, rejectionOf } from "../api/failure.ts";
import { useSessionLost } from "../auth/index.ts";
import { DoubtfulPrice } from "../components/DoubtfulPrice.tsx";
import { CheckIcon } from "../components/icons.tsx";
import { TOAST_MS, useToast } from "../state/toast.ts";
import { BUTTON, buttonStyle, NewPricePanel, ReasonPanel } from "./FeedbackPanels.tsx";
import { type Ask, type FeedbackAnswer, type GivenAnswer, useFeedback, type Word } from "./queries.ts";
import {
	countsText,
	FEEDBACK_FAILED_MESSAGE,
	type FeedbackSummary,
	type FeedbackTarget,
	mineText,
	priceText,
	UNDO_FAILED_MESSAGE,
	UNDONE_TEXT,
	unavailableLabel,
} from "./words.ts";

/** Said on the shopper's own report in place of the buttons that cannot apply to it. */
export const OWN_REPORT_LABEL = "Your report";

/** What the row needs of a report, product or fuel. */
export type FeedbackReport = {
	id: number;
	price: number;
	isOwnReport: boolean;
	feedback: FeedbackSummary;
	/** A multi-buy's bundle: the price is told, and a new one given, as the shelf says it. */
	multiBuy?: { quantity: number; price: number } | null;
};

type Props = {
	target: FeedbackTarget;
	report: FeedbackReport;
	/** The ids of what names the report (product and store, or the station): each button says which it is for. */
	describedBy?: string;
	/** A new price was filed in place of this report (the report itself is retired). */
	onNewReport?: (id: number) => void;
	/**
	 * The id of what takes the focus when the report leaves the list after the shopper's word (a new price
	 * retired it, or the flags hid it): something of the list's that stays, its heading or region.
	 */
	homeId?: string;
	/** How the list shows its prices (charging to 3 decimals per kWh); by default a product's or a pump's way. */
	formatPrice?: (price: number) => string;
};

/** A refused new price (422): the quality check's reason and, when known, the typical range. */
function rejectionText({ reason, suggestedRange }: Rejection, format: (price: number) => string) {
	const range = suggestedRange
		? `Typical prices range from ${format(suggestedRange.min)} to ${format(suggestedRange.max)}.`
		: "";
	return ["This price seems unreasonable.", reason ?? "", range].filter(Boolean).join(" ");
}

/** What became of a word whose report left the lists: a new price took its place, or the flags hid it. */
function leftToast(answer: GivenAnswer, format: (price: number) => string) {
	if (answer.newReport) {
		return {
			title: "New price reported",
			description: answer.message ?? `${format(answer.newReport.price)} is listed in its place. Thanks!`,
		};
	}
	return { title: "Report flagged", description: "It's hidden until a moderator has looked at it. Thanks!" };
}

/**
 * Another shopper's report, in one tap: still this price, the price changed (with the new one), out of stock
 * (fuel: sold out), or wrong (with a reason). The answer shows pressed with an Undo; a live status line says
 * what was saved. On the shopper's own report only "Your report" and the counts show.
 */
export function FeedbackBar({
	target,
	report,
	describedBy,
	onNewReport,
	homeId,
	formatPrice = (price) => priceText(price, target),
}: Props) {
	const ids = useId();
	const feedback = useFeedback();
	const toast = useToast();
	const sessionLost = useSessionLost();
	const [panel, setPanel] = useState<"changed" | "wrong" | null>(null);
	const [undone, setUndone] = useState(false);
	const [refusedPrice, setRefusedPrice] = useState<string | null>(null);
	// The quality check's question about a new price, with the price it is about, until it is answered.
	const [asked, setAsked] = useState<{ question: Rejection; price: number } | null>(null);
	const row = useRef<HTMLDivElement>(null);
	const buttons = {
		confirm: useRef<HTMLButtonElement>(null),
		changed: useRef<HTMLButtonElement>(null),
		unavailable: useRef<HTMLButtonElement>(null),
		wrong: useRef<HTMLButtonElement>(null),
	};
	const { mine } = report.feedback;
	const counts = countsText(report.feedback, target);

	// Nothing to answer on one's own report: the row says whose it is (why no buttons), with what others said.
	if (report.isOwnReport) {
		return (
			<p className="flex flex-wrap items-center gap-x-2 text-xs text-base-content/70">
				<span className="badge badge-ghost badge-sm" data-testid="own-report">
					{OWN_REPORT_LABEL}
				</span>
				{counts && <span data-testid="feedback-counts">{counts}</span>}
			</p>
		);
	}

	/**
	 * The card is about to leave with the focused button: the focus goes to the list's home instead of the page's
	 * top. Only when it is still in this row (or already lost): a shopper who moved on meanwhile keeps their place.
	 */
	const focusHome = () => {
		const focused = document.activeElement;
		const here = !focused || focused === document.body || row.current?.contains(focused);
		if (homeId && here) document.getElementById(homeId)?.focus({ preventScroll: true });
	};

	const ask = (word: Word | null, then?: (answer: FeedbackAnswer) => void) => {
		if (feedback.isPending) return;
		const undo = word === null;
		const request: Ask = { target, id: report.id, word };
		feedback.mutate(request, {
			onSuccess: (answer) => {
				setUndone(undo);
				then?.(answer);
				// The card leaves the list with its status line: a toast says what became of the word instead.
				if ("listed" in answer && !answer.listed) {
					toast(leftToast(answer, formatPrice));
					focusHome();
				}
			},
			onError: (error) => {
				if (sessionLost(error)) return;
				const priceIssue = failureIssues(error)?.find((issue) => issue.path === "price");
				if (priceIssue) setRefusedPrice(priceIssue.message);
				const question = doubtOf(error);
				if (question && word?.price !== undefined) {
					setAsked({ question, price: word.price });
					return;
				}
				const rejected = rejectionOf(error);
				if (rejected) {
					toast({
						title: "Price Report Rejected",
						description: rejectionText(rejected, formatPrice),
						variant: "error",
						durationMs: TOAST_MS.expiry,
					});
					return;
				}
				toast({
					title: undo ? UNDO_FAILED_MESSAGE : FEEDBACK_FAILED_MESSAGE,
					description: clientSideText(error),
					variant: "error",
				});
			},
		});
	};

	/** A one-tap answer: an open panel is for another answer, so it closes. */
	const answer = (word: Word) => {
		setPanel(null);
		ask(word);
	};
	const closePanel = (focus: "changed" | "wrong") => {
		setAsked(null);
		setPanel(null);
		buttons[focus].current?.focus();
	};
	const toggle = (which: "changed" | "wrong") => {
		setRefusedPrice(null);
		setAsked(null);
		setPanel(panel === which ? null : which);
	};
	const saveNewPrice = (price: number, confirmUnusual = false) =>
		ask({ kind: "changed", price, ...(confirmUnusual && { confirmUnusual }) }, (answer) => {
			closePanel("changed");
			if ("newReport" in answer && answer.newReport) onNewReport?.(answer.newReport.id);
		});

	const undo = () => {
		const was = mine?.kind;
		ask(null, () => {
			if (was) buttons[was].current?.focus();
		});
	};

	const pending = feedback.isPending || undefined;
	const common = { "aria-describedby": describedBy, "aria-disabled": pending } as const;
	const unavailable = unavailableLabel(target);
	const bundle = report.multiBuy ?? null;
	const shown = bundle ? `${bundle.quantity} for ${formatPrice(bundle.price)}` : formatPrice(report.price);
	const status = mine ? mineText(mine, shown, target) : undone ? UNDONE_TEXT : "";

	return (
		<div ref={row} className="flex flex-col gap-2" data-testid="feedback">
			{counts && (
				<p className="text-xs text-base-content/70" data-testid="feedback-counts">
					{counts}
				</p>
			)}
			<fieldset className="flex min-w-0 flex-wrap items-center gap-1.5">
				<legend className="sr-only">Is this price right?</legend>
				<button
					ref={buttons.confirm}
					type="button"
					{...common}
					aria-pressed={mine?.kind === "confirm"}
					className={`${BUTTON} gap-1 ${buttonStyle(mine?.kind === "confirm")}`}
					onClick={() => answer({ kind: "confirm" })}
				>
					<CheckIcon className="size-3.5" />
					Still {shown}
				</button>
				<button
					ref={buttons.changed}
					type="button"
					{...common}
					// Pressed like the one-tap answers when it is the shopper's answer; expanded while its panel is open.
					aria-pressed={mine?.kind === "changed"}
					aria-expanded={panel === "changed"}
					aria-controls={panel === "changed" ? `${ids}-changed` : undefined}
					className={`${BUTTON} ${buttonStyle(mine?.kind === "changed")}`}
					onClick={() => toggle("changed")}
				>
					Price changed
				</button>
				<button
					ref={buttons.unavailable}
					type="button"
					{...common}
					aria-pressed={mine?.kind === "unavailable"}
					className={`${BUTTON} ${buttonStyle(mine?.kind === "unavailable")}`}
					onClick={() => answer({ kind: "unavailable" })}
				>
					{unavailable}
				</button>
				<button
					ref={buttons.wrong}
					type="button"
					{...common}
					aria-pressed={mine?.kind === "wrong"}
					aria-expanded={panel === "wrong"}
					aria-controls={panel === "wrong" ? `${ids}-wrong` : undefined}
					className={`${BUTTON} ${buttonStyle(mine?.kind === "wrong")}`}
					onClick={() => toggle("wrong")}
				>
					Wrong
				</button>
			</fieldset>
			{panel === "changed" && (
				<NewPricePanel
					id={`${ids}-changed`}
					pending={pending}
					describedBy={describedBy}
					onClose={() => closePanel("changed")}
					target={target}
					bundle={bundle?.quantity ?? null}
					refused={refusedPrice}
					onSave={(price) => {
						setAsked(null);
						saveNewPrice(price);
					}}
				/>
			)}
			{panel === "changed" && asked && (
				<DoubtfulPrice
					question={asked.question}
					typed={asked.price}
					format={formatPrice}
					busy={feedback.isPending}
					onUse={(price) => saveNewPrice(price)}
					onKeep={() => saveNewPrice(asked.price, true)}
				/>
			)}
			{panel === "wrong" && (
				<ReasonPanel
					id={`${ids}-wrong`}
					pending={pending}
					describedBy={describedBy}
					onClose={() => closePanel("wrong")}
					mine={mine}
					onPick={(reason) => ask({ kind: "wrong", reason }, () => closePanel("wrong"))}
				/>
			)}
			<div className="flex flex-wrap items-center gap-x-2">
				{/* grow-0: a card's body stretches its paragraphs, which would push Undo away from what it undoes. */}
				<p role="status" className="grow-0 text-xs text-base-content/70" data-testid="feedback-status">
					{status}
				</p>
				{mine && (
					<button type="button" className={`${BUTTON} btn-ghost`} {...common} onClick={undo}>
						Undo
					</button>
				)}
			</div>
		</div>
	);
}
