/** The home feed's query string. Pure valibot. */
import * as v from "valibot";
import { optionalZip } from "../lib/fields.ts";
import { MAX_AREAS, NEAREST_AREAS } from "../lib/near-areas.ts";

export const FeedQuerySchema = v.object({
	/** Whose neighbourhood: the shopper's own zip when not given. */
	zipCode: optionalZip(),
	/** How many ZIP areas around the zip: 20, or more to reach a quiet town's nearest reports (as search's). */
	areas: v.pipe(
		v.optional(v.string(), String(NEAREST_AREAS)),
		v.regex(/^\d+$/, "areas must be a whole number"),
		v.transform(Number),
		v.minValue(NEAREST_AREAS, `areas must be at least ${NEAREST_AREAS}`),
		v.maxValue(MAX_AREAS, `areas must be at most ${MAX_AREAS}`),
	),
});
export type FeedQuery = v.InferOutput<typeof FeedQuerySchema>;
