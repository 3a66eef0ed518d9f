import * as v from "valibot";

/** How many notices one request may mark read by id (more than a shopper is ever shown). */
export const MAX_READ_IDS = 100;

/** POST /api/notices/read: the notices to mark read by id, or, with no `ids`, all of them. */
export const MarkNoticesReadSchema = v.object({
	ids: v.optional(
		v.pipe(
			v.array(
				v.pipe(v.number("Each id must be a notice's number"), v.integer("Each id must be a whole number")),
				"ids must be a list of notice ids",
			),
			v.maxLength(MAX_READ_IDS, `At most ${MAX_READ_IDS} ids at once`),
		),
	),
});
export type MarkNoticesReadInput = v.InferOutput<typeof MarkNoticesReadSchema>;
