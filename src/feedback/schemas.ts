/**
 * A shopper's word on another shopper's report, product or fuel, shared by the server and the
 * web's buttons. Pure valibot. A changed price arrives in dollars, as reports send it, and leaves in the
 * report's unit (cents, or mills for fuel); a reason goes only with "wrong", a price only with "changed".
 */
import * as v from "valibot";
import { FEEDBACK_KINDS, FLAG_REASONS } from "../../db/enums.ts";
import { PriceCentsSchema } from "../deals/index.ts";
import { FuelPriceSchema } from "../gas/index.ts";
import { confirmEntries } from "../reports/index.ts";

export type { FeedbackKind, FlagReason } from "../../db/enums.ts";
export { FEEDBACK_KINDS, FLAG_REASONS };

export const KIND_MESSAGE = `Say what you found: ${FEEDBACK_KINDS.join(", ")}`;
export const REASON_MESSAGE = `The reason must be one of ${FLAG_REASONS.join(", ")}`;
export const REASON_REQUIRED_MESSAGE = "Choose why this report is wrong";
export const REASON_ONLY_WRONG_MESSAGE = "A reason goes only with a report flagged as wrong";
export const PRICE_REQUIRED_MESSAGE = "Enter the new price";
export const PRICE_ONLY_CHANGED_MESSAGE = "A price goes only with a price that changed";

/** Prices of either unit are read alike (lib/fields.ts, requiredAmount). */
type PriceSchema = typeof PriceCentsSchema | typeof FuelPriceSchema;

/** Missing, null or blank is "not given" (null); anything else is read by `price`, with its messages. */
const optionalPrice = (price: PriceSchema) =>
	v.pipe(
		v.optional(v.nullable(v.union([v.number(), v.string()], "Price must be a number")), null),
		v.rawTransform(({ dataset, addIssue, NEVER }) => {
			const value = dataset.value;
			if (value === null || String(value).trim() === "") return null;
			const parsed = v.safeParse(price, value);
			if (parsed.success) return parsed.output;
			addIssue({ message: parsed.issues[0].message });
			return NEVER;
		}),
	);

const feedbackSchema = (price: PriceSchema) =>
	v.pipe(
		v.object({
			kind: v.pipe(
				v.optional(v.string(KIND_MESSAGE), ""),
				v.check((kind) => kind !== "", KIND_MESSAGE),
				v.picklist(FEEDBACK_KINDS, KIND_MESSAGE),
			),
			reason: v.optional(v.nullable(v.picklist(FLAG_REASONS, REASON_MESSAGE)), null),
			price: optionalPrice(price),
			// A changed price goes through the quality check as a report does, and may be asked about.
			...confirmEntries,
		}),
		v.forward(
			v.partialCheck(
				[["kind"], ["reason"]],
				(input) => input.kind !== "wrong" || input.reason !== null,
				REASON_REQUIRED_MESSAGE,
			),
			["reason"],
		),
		v.forward(
			v.partialCheck(
				[["kind"], ["reason"]],
				(input) => input.kind === "wrong" || input.reason === null,
				REASON_ONLY_WRONG_MESSAGE,
			),
			["reason"],
		),
		v.forward(
			v.partialCheck(
				[["kind"], ["price"]],
				(input) => input.kind !== "changed" || input.price !== null,
				PRICE_REQUIRED_MESSAGE,
			),
			["price"],
		),
		v.forward(
			v.partialCheck(
				[["kind"], ["price"]],
				(input) => input.kind === "changed" || input.price === null,
				PRICE_ONLY_CHANGED_MESSAGE,
			),
			["price"],
		),
	);

/** Feedback on a product's price report: a changed price in dollars and cents. */
export const ProductFeedbackSchema = feedbackSchema(PriceCentsSchema);
/** Feedback on a fuel report: a changed price in dollars with up to three decimals. */
export const FuelFeedbackSchema = feedbackSchema(FuelPriceSchema);

/** What the web sends (the body of POST .../feedback). */
export type FeedbackBody = v.InferInput<typeof ProductFeedbackSchema>;
/** The validated word; `price` in the report's unit. */
export type FeedbackInput = v.InferOutput<typeof ProductFeedbackSchema>;
