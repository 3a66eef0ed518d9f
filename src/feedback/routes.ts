import { Hono } from "hono";
import type * as v from "valibot";
import type { ReportResult } from "../deals/index.ts";
import type { NearbyReportJson } from "../gas/index.ts";
import type { AppEnv } from "../lib/context.ts";
import { requireUser, signedIn } from "../lib/guards.ts";
import { notFound } from "../lib/http.ts";
import { doc } from "../lib/openapi.ts";
import { jsonBody } from "../lib/validate.ts";
import { type FeedbackAnswer, giveFeedback, type UndoAnswer, undoFeedback } from "./give.ts";
import { takeFeedbackSlot } from "./limit.ts";
import type { FeedbackInput } from "./schemas.ts";
import { FUEL_REPORT, PRODUCT, type ReportState, type Subject } from "./subjects.ts";

/** What a word on a price report answers: the report (and a changed price's new one) as search lists it. */
export type PriceFeedbackAnswer = FeedbackAnswer<ReportResult>;
/** What a word on a fuel report answers: the report (and a changed price's new one) as the Gas page lists it. */
export type GasFeedbackAnswer = FeedbackAnswer<NearbyReportJson>;
export type PriceUndoAnswer = UndoAnswer<ReportResult>;
export type GasUndoAnswer = UndoAnswer<NearbyReportJson>;

const idOf = (raw: string, message: string) => {
	if (!/^\d{1,12}$/.test(raw)) throw notFound(message);
	return Number(raw);
};

/**
 * A subject's `/:id/feedback`: a shopper's word on another shopper's report (confirm, changed,
 * unavailable, wrong), one per shopper, replaced by the next; DELETE takes it back. Both count toward the
 * shopper's hour of words (limit.ts).
 */
function feedbackRoutes<S extends ReportState, A, Schema extends v.GenericSchema<unknown, FeedbackInput>>(
	subject: Subject<S, A, Schema>,
) {
	const { noun, unavailable } = subject.docs;
	return new Hono<AppEnv>()
		.post(
			"/:id/feedback",
			doc({
				summary: `Give your word on a ${noun}`,
				description: `Confirm, a changed price (filed as your own report, through the quality check), ${unavailable}, or wrong (a flag). One word per shopper, replaced by the next.`,
				tag: "Feedback",
				access: "session",
				errors: [400, 401, 403, 404, 409, 422, 429],
				ok: {
					description: "The report as you now see it, whether it is still listed, and a changed price's new report",
				},
			}),
			signedIn,
			jsonBody(subject.schema),
			async (c) => {
				const user = requireUser(c);
				const id = idOf(c.req.param("id"), subject.notFound);
				takeFeedbackSlot(c.var.runtime.limits.feedback, user.id);
				return c.json(await giveFeedback(c.var.runtime, subject, user, id, c.req.valid("json")), 200);
			},
		)
		.delete(
			"/:id/feedback",
			doc({
				summary: `Take back your word on a ${noun}`,
				tag: "Feedback",
				access: "session",
				errors: [401, 403, 404, 409, 429],
				ok: { description: "The report as you now see it" },
			}),
			signedIn,
			async (c) => {
				const user = requireUser(c);
				const id = idOf(c.req.param("id"), subject.notFound);
				takeFeedbackSlot(c.var.runtime.limits.feedback, user.id);
				return c.json(await undoFeedback(c.var.runtime, subject, user, id), 200);
			},
		);
}

/** /api/price-reports/:id/feedback: words on price reports. */
export const priceFeedbackRoutes = feedbackRoutes(PRODUCT);
/** /api/gas/reports/:id/feedback: the same for fuel reports ("unavailable": sold out). */
export const gasFeedbackRoutes = feedbackRoutes(FUEL_REPORT);
