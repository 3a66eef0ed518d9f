import { useEffect, useRef, useState } from "react";
import {
	doubtOf,
	failureStatus,
	type Issue,
	type PlaceCandidate,
	type PlaceQuestion,
	type Rejection,
	rejectionOf,
	similarPlaceOf,
	submitFailure,
} from "../api/failure.ts";
import { useSessionLost } from "../auth/index.ts";
import { formatCurrency } from "../components/format.ts";
import { newSendKey, useKeepToSend } from "../offline/index.ts";
import { TOAST_MS, useToast } from "../state/toast.ts";
import { UploadError, uploadFailureText, uploadPhoto } from "../uploads/index.ts";
import type { ReportPhase } from "./homeState.ts";
import { type ReportSubmission, type SubmittedReport, useReportPrice } from "./queries.ts";

export const REPORT_FAILED_MESSAGE = "Failed to submit price report. Please try again.";
export const PHOTO_NEEDS_CONNECTION = "Photos need a connection";
const PHOTO_NEEDS_CONNECTION_DETAIL =
	"Remove the photo to keep this report on your device until you're back online, or send it once you are.";

/** Spec §8: a refused price says why and, when the server knows it, what prices are typical. */
export function rejectionText({ reason, suggestedRange, suggestedPrice }: Rejection) {
	const lines = ["This price seems unreasonable.", reason ?? ""];
	if (suggestedRange) {
		const { min, max } = suggestedRange;
		lines.push(`Typical prices range from ${formatCurrency(min)} to ${formatCurrency(max)}.`);
	}
	if (suggestedPrice !== null) lines.push(`Did you mean ${formatCurrency(suggestedPrice)}?`);
	return lines.filter(Boolean).join(" ");
}

type Submission = Omit<ReportSubmission, "imageUrl">;
/** The check's question about a report sent, with what was sent: either answer sends it again. */
export type PriceQuestion = { question: Rejection; json: Submission; photo: File | null };
/**
 * The question about a store typed like one already known nearby, with what was sent and the form's fields as
 * they were when it was asked: an answer sends what was sent, so the question is gone once they change.
 */
export type StoreQuestion = { question: PlaceQuestion; json: Submission; photo: File | null; fields: string };

function successToast(report: SubmittedReport) {
	// The same price another shopper reported there today: nothing new was listed, theirs was confirmed.
	if ("confirmedExisting" in report) {
		return {
			title: "Price confirmed",
			description: [report.message, report.warning].filter(Boolean).join("\n"),
			durationMs: TOAST_MS.success,
		};
	}
	const expired = report.expirationAnalysis;
	const lines = [
		`${report.productName} at ${report.store.name} for ${formatCurrency(report.price)}. Thanks for sharing!`,
	];
	if (report.warning) lines.push(report.warning);
	if (expired && expired.expiredCount > 0) lines.push(expired.message);
	return {
		title: "Price reported",
		description: lines.join("\n"),
		durationMs: expired && expired.expiredCount > 0 ? TOAST_MS.expiry : TOAST_MS.success,
	};
}

/**
 * The report's submission: the photo first (once per chosen file, so a retry does not upload it again),
 * then the report, with every outcome of spec §8 told in a toast. Where it is (`phase`) is kept by the
 * caller, beyond the form: a shopper may leave the page while it is sent, and the form they come back to
 * must not send it twice. For the same reason it awaits the answer rather than using `mutate`'s callbacks,
 * which do not run once the form is gone.
 */
export function useSubmitReport({
	fields,
	phase,
	setPhase,
	onSuccess,
	onIssues,
	onPrice,
	onStore,
}: {
	/** The form's fields, photo included, as one text that changes whenever any of them does. */
	fields: string;
	phase: ReportPhase | null;
	setPhase: (phase: ReportPhase | null) => void;
	/** The report was filed, at the store it was sent with (the one chosen in a question, perhaps). */
	onSuccess: (sent: Submission) => void;
	onIssues: (issues: Issue[]) => void;
	/** The form's price becomes the one the check suggested, as it is sent. */
	onPrice: (dollars: number) => void;
	/** The form's store becomes the one already known that the shopper chose, as it is sent. */
	onStore: (store: PlaceCandidate) => void;
}) {
	const report = useReportPrice();
	const toast = useToast();
	const sessionLost = useSessionLost();
	const uploaded = useRef<{ file: File; path: string } | null>(null);
	// Set as a send starts, before any state is rendered: a second click in the same moment sends nothing.
	const sending = useRef(false);
	const [asked, setAsked] = useState<PriceQuestion | null>(null);
	const [storeAsked, setStoreAsked] = useState<StoreQuestion | null>(null);
	const fieldsNow = useRef(fields);
	fieldsNow.current = fields;
	// A store or price edited under the question would be sent as it was before: the question goes instead.
	const storeStale = storeAsked !== null && storeAsked.fields !== fields;
	useEffect(() => {
		if (storeStale) setStoreAsked(null);
	}, [storeStale]);

	const keepToSend = useKeepToSend();

	/** Offline, the report waits on this device with its key; a photo cannot wait, so it says so. */
	const keepForLater = async (json: ReportSubmission, photo: File | null) => {
		if (photo && !json.imageUrl) {
			toast({ title: PHOTO_NEEDS_CONNECTION, description: PHOTO_NEEDS_CONNECTION_DETAIL, variant: "error" });
			return;
		}
		await keepToSend({ kind: "price", sendKey: json.sendKey ?? newSendKey(), json });
		uploaded.current = null;
		onSuccess(json);
	};

	const send = async (json: Submission, photo: File | null) => {
		// One key for every try of this report: a try whose answer was lost and the outbox's later one are one report.
		const sendKey = newSendKey();
		if (!navigator.onLine) return keepForLater({ ...json, imageUrl: null, sendKey }, photo);
		let imageUrl: string | null = null;
		if (photo) {
			if (uploaded.current?.file === photo) {
				imageUrl = uploaded.current.path;
			} else {
				setPhase("uploading");
				try {
					imageUrl = await uploadPhoto(photo);
					uploaded.current = { file: photo, path: imageUrl };
				} catch (error) {
					if (sessionLost(error)) return;
					toast({
						title: "Photo upload failed",
						description: error instanceof UploadError ? uploadFailureText(error) : "Unknown error",
						variant: "error",
						durationMs: TOAST_MS.upload,
					});
					return;
				}
			}
		}
		setPhase("submitting");
		let saved: SubmittedReport;
		try {
			saved = await report.mutateAsync({ ...json, imageUrl, sendKey });
		} catch (error) {
			if (sessionLost(error)) return;
			// No answer (the connection dropped on the way): the report waits, with the key it was sent with.
			if (failureStatus(error) === null) return keepForLater({ ...json, imageUrl, sendKey }, photo);
			// The check asks rather than refuses: the question stays in the form until it is answered.
			const question = doubtOf(error);
			if (question) {
				setAsked({ question, json, photo });
				return;
			}
			const similar = similarPlaceOf(error);
			if (similar) {
				setStoreAsked({ question: similar, json, photo, fields: fieldsNow.current });
				return;
			}
			const rejected = rejectionOf(error);
			if (rejected) {
				toast({
					title: "Price Report Rejected",
					description: rejectionText(rejected),
					variant: "error",
					durationMs: TOAST_MS.expiry,
				});
				return;
			}
			// The server's reason for a refusal, or what went wrong on the way; nothing more for a failure on its side.
			toast({
				title: REPORT_FAILED_MESSAGE,
				description: submitFailure(error, onIssues),
				variant: "error",
			});
			return;
		}
		uploaded.current = null;
		toast(successToast(saved));
		onSuccess(json);
	};

	const submit = async (json: Submission, photo: File | null) => {
		if (phase || sending.current) return;
		sending.current = true;
		setAsked(null);
		setStoreAsked(null);
		try {
			await send(json, photo);
		} finally {
			sending.current = false;
			setPhase(null);
		}
	};

	/** The answers to the check's question: the price it suggested, or the one typed, kept. */
	const answer = {
		use: (dollars: number) => {
			if (!asked) return;
			onPrice(dollars);
			void submit({ ...asked.json, price: dollars, confirmUnusual: false }, asked.photo);
		},
		keep: () => {
			if (asked) void submit({ ...asked.json, confirmUnusual: true }, asked.photo);
		},
	};

	/** The answers to the question about the store: the one already known, or the one typed, as a new store. */
	const answerStore = {
		use: () => {
			if (!storeAsked) return;
			const { candidate } = storeAsked.question;
			onStore(candidate);
			const storeZipCode = candidate.zipCode ?? storeAsked.json.storeZipCode;
			const at = { storeName: candidate.name, storeAddress: candidate.address, storeZipCode };
			void submit({ ...storeAsked.json, ...at, confirmNewPlace: false }, storeAsked.photo);
		},
		add: () => {
			if (storeAsked) void submit({ ...storeAsked.json, confirmNewPlace: true }, storeAsked.photo);
		},
	};

	return {
		submit,
		asked,
		answer,
		storeAsked: storeStale ? null : storeAsked,
		answerStore,
		uploading: phase === "uploading",
		submitting: phase === "submitting",
		busy: phase !== null,
	};
}
