/** A product's size as reports and products give it: valibot pieces shared by the features and their forms. */
import * as v from "valibot";
import { SIZE_UNITS, type SizeUnit } from "../../db/enums.ts";
import { parseDecimal } from "./money.ts";

/** The largest size a report may give, in any unit: 100 kg of rice or 100,000 screws, never a typo's billion. */
export const MAX_SIZE_QUANTITY = 100_000;
export const SIZE_BOTH_MESSAGE = "Size needs both a quantity and a unit, or neither";
export const SIZE_QUANTITY_MESSAGE = "Size must be a number greater than 0 with at most 3 decimals, like 64 or 0.5";
export const SIZE_TOO_BIG_MESSAGE = "Size must be at most 100,000";
export const SIZE_UNIT_MESSAGE = `Size unit must be one of ${SIZE_UNITS.join(", ")}`;
export const SIZE_COUNT_MESSAGE = "A count must be a whole number, like 12";

/** A size as the report form holds it while it is typed: a quantity and a unit, both text, blank when not given. */
export type SizeValues = { quantity: string; unit: string };

const isSizeUnit = (unit: string): unit is SizeUnit => (SIZE_UNITS as readonly string[]).includes(unit);

/**
 * A product's size, optional: a quantity (a number or decimal text, at most 3 decimals: it is stored
 * in thousandths) and one of SIZE_UNITS, both or neither; blank parts count as not given. Every issue is the
 * size's own (path "size"), so the form shows it under its one row.
 */
export const optionalSize = () =>
	v.pipe(
		v.optional(
			v.nullable(
				v.object(
					{
						quantity: v.optional(v.nullable(v.union([v.number(), v.string()], "Size quantity must be a number"))),
						unit: v.optional(v.nullable(v.string("Size unit must be text"))),
					},
					"Size must be a quantity and a unit",
				),
			),
			null,
		),
		v.rawTransform(({ dataset, addIssue, NEVER }) => {
			const quantity = String(dataset.value?.quantity ?? "").trim();
			const unit = (dataset.value?.unit ?? "").trim();
			if (quantity === "" && unit === "") return null;
			if (quantity === "" || unit === "") {
				addIssue({ message: SIZE_BOTH_MESSAGE });
				return NEVER;
			}
			if (!isSizeUnit(unit)) {
				addIssue({ message: SIZE_UNIT_MESSAGE });
				return NEVER;
			}
			const milli = parseDecimal(quantity, 3);
			if (milli === null || milli === 0) {
				addIssue({ message: SIZE_QUANTITY_MESSAGE });
				return NEVER;
			}
			if (milli > MAX_SIZE_QUANTITY * 1000) {
				addIssue({ message: SIZE_TOO_BIG_MESSAGE });
				return NEVER;
			}
			if (unit === "count" && milli % 1000 !== 0) {
				addIssue({ message: SIZE_COUNT_MESSAGE });
				return NEVER;
			}
			return { quantity: milli / 1000, unit };
		}),
	);
