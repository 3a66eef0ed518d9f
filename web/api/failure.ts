/**
 * The one place that reads a failed call: what status the server answered, the typed parts of its error body
 * (their types are the server's, src/lib/errors.ts), and the words a form or toast shows for it. Screens ask
 * here rather than looking into an ApiError's body.
 */
import type {
	DollarRange,
	DoubtfulPriceBody,
	ErrorBody,
	Issue,
	PlaceCandidate,
	RateLimitedBody,
	SimilarPlaceBody,
	SuspendedBody,
} from "../../src/lib/errors.ts";
import { ApiError, ForeignAnswer } from "./http.ts";

export type { Issue, PlaceCandidate };

/** Said when no answer came from CommonCents at all. */
export const CHECK_CONNECTION = "Please check your connection and try again.";

/** The status the server answered with; null when no answer of its came (no network, no answer in time, a Wi-Fi page). */
export const failureStatus = (error: unknown): number | null => (error instanceof ApiError ? error.status : null);

/** Whether the server answered with one of these statuses. */
export function isStatus(error: unknown, ...statuses: number[]): boolean {
	const status = failureStatus(error);
	return status !== null && statuses.includes(status);
}

export const isUnauthorized = (error: unknown) => isStatus(error, 401);

/** The server answered, and refused (4xx): its words are about what was asked. */
export const isRefusal = (error: unknown) => (failureStatus(error) ?? 500) < 500;

/** The server answered, and failed on its side (5xx, or a proxy's page while it restarts). */
export const isServerSide = (error: unknown) => (failureStatus(error) ?? 0) >= 500;

/** The error body, as far as it is ours: each field read is checked before it is typed. */
function bodyOf(error: unknown): { [K in keyof AnyBody]?: unknown } | null {
	const body = error instanceof ApiError ? error.body : null;
	return typeof body === "object" && body !== null && !Array.isArray(body) ? body : null;
}
type AnyBody = ErrorBody & DoubtfulPriceBody & SuspendedBody & RateLimitedBody & SimilarPlaceBody;

/** The body's own `message`, when the answer is CommonCents' (not a proxy's page). */
export function ownMessage(error: unknown): string | undefined {
	const message = bodyOf(error)?.message;
	return typeof message === "string" ? message : undefined;
}

/** Each field's problem, for a form to show beside its fields (a 400 from the shared schemas). */
export function failureIssues(error: unknown): Issue[] | null {
	const issues = bodyOf(error)?.issues;
	if (!Array.isArray(issues)) return null;
	return issues.filter((i): i is Issue => typeof i?.path === "string" && typeof i?.message === "string");
}

export type Rejection = {
	message: string;
	reason: string | null;
	suggestedRange: DollarRange | null;
	/** The likeliest price meant, in dollars, when a slip reads as one in range. */
	suggestedPrice: number | null;
};

/**
 * Spec §7's rejected report (422): the server's message, its reason and, when known, the typical range and
 * the price likely meant. Not the check's question (doubtOf): that one may be answered.
 */
export function rejectionOf(error: unknown): Rejection | null {
	if (!(error instanceof ApiError) || error.status !== 422 || bodyOf(error)?.confirmable === true) return null;
	return readRejection(error);
}

function readRejection(error: ApiError): Rejection {
	const body = bodyOf(error);
	const range = body?.suggestedRange as { min?: unknown; max?: unknown } | null | undefined;
	const { min, max } = range ?? {};
	return {
		message: error.serverMessage,
		reason: typeof body?.reason === "string" ? body.reason : null,
		suggestedRange: typeof min === "number" && typeof max === "number" ? { min, max } : null,
		suggestedPrice: typeof body?.suggestedPrice === "number" ? body.suggestedPrice : null,
	};
}

/**
 * The quality check's question (a 422 with `confirmable`, decision 0072): "Did you mean $3.49?", why, and the
 * price likely meant. The same report sent again with `confirmUnusual: true` is saved as typed.
 */
export function doubtOf(error: unknown): Rejection | null {
	if (!(error instanceof ApiError) || error.status !== 422 || bodyOf(error)?.confirmable !== true) return null;
	return readRejection(error);
}

/** The question about a place typed like one already known nearby (a 409 with `candidate`, decision 0084). */
export type PlaceQuestion = { message: string; candidate: PlaceCandidate };

/**
 * "Did you mean Hilander Foods at 4350 E State St?": the place the server thinks was meant. The same report
 * sent with its name, address and zip is filed there; with `confirmNewPlace: true`, the typed place is made.
 */
export function similarPlaceOf(error: unknown): PlaceQuestion | null {
	const found = isStatus(error, 409) ? bodyOf(error)?.candidate : null;
	if (typeof found !== "object" || found === null) return null;
	const { id, name, address, zipCode } = found as { [K in keyof PlaceCandidate]?: unknown };
	if (typeof id !== "number" || typeof name !== "string" || typeof address !== "string") return null;
	const zip = typeof zipCode === "string" ? zipCode : null;
	return { message: failureText(error), candidate: { id, name, address, zipCode: zip } };
}

/** How long a 429 asks the caller to wait, in seconds. */
export function retryAfterOf(error: unknown): number | null {
	const seconds = isStatus(error, 429) ? bodyOf(error)?.retryAfterSeconds : null;
	return typeof seconds === "number" ? seconds : null;
}

export type Suspension = { reason: string; terminatedAt: string | null };

/** The suspension a 403 describes (spec §7: `{terminated, reason, terminatedAt}`), from any call. */
export function suspensionOf(error: unknown): Suspension | null {
	const body = isStatus(error, 403) ? bodyOf(error) : null;
	if (!body?.terminated) return null;
	return {
		reason: typeof body.reason === "string" && body.reason ? body.reason : "Policy violation",
		terminatedAt: typeof body.terminatedAt === "string" ? body.terminatedAt : null,
	};
}

/** What a failure's toast says beside its title: the server's words, or what went wrong on the way. */
export function failureText(error: unknown): string {
	if (error instanceof ApiError) return error.serverMessage;
	if (error instanceof ForeignAnswer) return error.message;
	return CHECK_CONNECTION;
}

/** The server's reason for a refusal, or what went wrong on the way; nothing for a failure on its side. */
export const clientSideText = (error: unknown) => (isServerSide(error) ? undefined : failureText(error));

/**
 * A form's failed submission: each field's problem goes beside its field, and the toast's description is what
 * `describe` says (by default the server's reason or what went wrong on the way; nothing for its own failure).
 */
export function submitFailure(error: unknown, showIssues: (issues: Issue[]) => void): string | undefined;
export function submitFailure<T extends string | undefined>(
	error: unknown,
	showIssues: (issues: Issue[]) => void,
	describe: (error: unknown) => T,
): T;
export function submitFailure(
	error: unknown,
	showIssues: (issues: Issue[]) => void,
	describe: (error: unknown) => string | undefined = clientSideText,
) {
	const issues = failureIssues(error);
	if (issues) showIssues(issues);
	return describe(error);
}
