/**
 * The catalogue of what the API answers when something is refused: one body shape (`{ message, issues? }`)
 * plus the named extras the spec asks for. The web imports these types, so both sides read one definition.
 */
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { centsToNumber, millsToNumber } from "./money.ts";

export type Issue = { path: string; message: string };

/** Every error answer: the first problem in words, and each field's problem when a form was invalid. */
export type ErrorBody = { message: string; issues?: Issue[] };

/** A price in dollars, as the API writes prices: 3.49 for a product, 3.459 for fuel. */
export type DollarRange = { min: number; max: number };

/**
 * Spec §7's 422: a price far from what the community reports, with where it would have been believable and,
 * when a slipped decimal or two swapped digits read as a price in that range, the likeliest price meant.
 */
export type RejectionBody = ErrorBody & { reason: string; suggestedRange: DollarRange; suggestedPrice?: number };

/**
 * A 422 that asks rather than refuses (decision 0072): a price too far off to save unasked, on too few voices to
 * refuse it. `message` asks ("Did you mean $3.49?"), `suggestedPrice` is the likeliest price meant, when one fits;
 * the same report resent with `confirmUnusual: true` is saved, as unusual.
 */
export type DoubtfulPriceBody = RejectionBody & { confirmable: true };

/** A place a question names: the store or station already known nearby, where the report may be filed instead. */
export type PlaceCandidate = { id: number; name: string; address: string; zipCode: string | null };

/**
 * A 409 that asks rather than refuses (decision 0084): the place typed is likely one already known nearby.
 * `message` asks ("Did you mean Hilander Foods at 4350 E State St?"); the same report sent with the candidate's
 * name, address and zip is filed there, and sent with `confirmNewPlace: true` makes the new place.
 */
export type SimilarPlaceBody = ErrorBody & { candidate: PlaceCandidate };

/** The 403 a suspended account gets, with why and since when. */
export type SuspendedBody = ErrorBody & SuspendedAnswer;
export type SuspendedAnswer = { terminated: true; reason: string; terminatedAt: string | null };

/** A 429: how long until the limit lets the caller through (also sent as the Retry-After header). */
export type RateLimitedBody = ErrorBody & { retryAfterSeconds: number };

/**
 * Beside an accepted report (not an error, but the other half of the quality check's answer): the older
 * reports the new price expired as outliers, and the community price now. Products and fuel alike.
 */
export type ExpirationAnalysis = { expiredCount: number; consensusPrice: number; analyzed: number; message: string };

/**
 * An expected failure: thrown anywhere in a handler, answered by the app's onError as
 * `{ message, issues?, ...extra }` with its status.
 */
export class HttpError extends Error {
	constructor(
		readonly status: ContentfulStatusCode,
		message: string,
		readonly extra: Record<string, unknown> = {},
	) {
		super(message);
	}
}

export const badRequest = (message: string, extra?: { issues?: Issue[] }) => new HttpError(400, message, extra);
export const unauthorized = (message = "You are not signed in") => new HttpError(401, message);
export const forbidden = (message: string, extra?: SuspendedAnswer) => new HttpError(403, message, extra);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);

/** The question about a place typed that is likely `candidate` (SimilarPlaceBody). */
export const similarPlaceQuestion = ({ id, name, address, zipCode }: PlaceCandidate) =>
	new HttpError(409, `Did you mean ${name} at ${address}?`, {
		candidate: { id, name, address, zipCode },
	} satisfies Omit<SimilarPlaceBody, keyof ErrorBody>);

/** A 429 whose message ends by saying when to come back, in whole minutes rounded up. */
export const tooManyRequests = (what: string, retryAfterSeconds: number) =>
	new HttpError(429, `${what} Try again in ${Math.ceil(retryAfterSeconds / 60)} minute(s).`, {
		retryAfterSeconds,
	} satisfies Omit<RateLimitedBody, keyof ErrorBody>);

/** The unit a price range is counted in on the server: cents for products, mills for fuel. */
export type PriceUnit = "cents" | "mills";
const toDollars: Record<PriceUnit, (n: number) => number> = { cents: centsToNumber, mills: millsToNumber };

/** Spec §7's rejected report; `range` and `meant` in the server's own unit, answered in dollars. */
export const rejection = (reason: string, range: DollarRange, unit: PriceUnit, meant: number | null = null) =>
	new HttpError(422, "Price report rejected", {
		reason,
		suggestedRange: { min: toDollars[unit](range.min), max: toDollars[unit](range.max) },
		...(meant !== null && { suggestedPrice: toDollars[unit](meant) }),
	} satisfies Omit<RejectionBody, keyof ErrorBody>);
