import { useId } from "react";
import type { SizeUnit } from "../../db/enums.ts";
import type { SizeValues } from "../../src/deals/schemas.ts";

/** The units by what they measure, as the select groups them. */
const UNIT_GROUPS: readonly { label: string; units: readonly SizeUnit[] }[] = [
	{ label: "Weight", units: ["oz", "lb", "g", "kg"] },
	{ label: "Volume", units: ["fl oz", "gal", "L"] },
	{ label: "Count", units: ["count"] },
];

export const EMPTY_SIZE: SizeValues = { quantity: "", unit: "" };

/** Whether a value kept from an earlier visit is a size as the form holds it. */
export const isSizeValues = (value: unknown): value is SizeValues =>
	typeof (value as SizeValues | null)?.quantity === "string" && typeof (value as SizeValues).unit === "string";

/**
 * The report form's optional size: a quantity and a unit on one row, phone sized, labelled as a
 * group. Its errors (both or neither, a number, a unit) are the schema's, under the row; the quantity is named
 * "size" so that a failed submit focuses it.
 */
export function SizeField({
	value,
	errors,
	onChange,
}: {
	value: SizeValues;
	errors?: string[];
	onChange: (next: SizeValues) => void;
}) {
	const id = useId();
	const invalid = Boolean(errors?.length);
	const describedBy = [`${id}-hint`, invalid ? `${id}-errors` : null].filter(Boolean).join(" ");
	const control = { "aria-invalid": invalid || undefined, "aria-describedby": describedBy };
	return (
		<fieldset>
			<legend className="mb-1 text-sm font-medium">
				Size <span className="font-normal text-base-content/70">(optional)</span>
			</legend>
			<div className="flex gap-2">
				<input
					{...control}
					name="size"
					aria-label="Size quantity"
					type="number"
					inputMode="decimal"
					step="any"
					min="0"
					placeholder="e.g. 64"
					className={`input min-w-0 flex-1 ${invalid ? "input-error" : ""}`}
					value={value.quantity}
					onChange={(e) => onChange({ ...value, quantity: e.target.value })}
				/>
				<select
					{...control}
					name="sizeUnit"
					aria-label="Size unit"
					className={`select w-32 shrink-0 ${invalid ? "select-error" : ""}`}
					value={value.unit}
					onChange={(e) => onChange({ ...value, unit: e.target.value })}
				>
					<option value="">Unit</option>
					{UNIT_GROUPS.map((group) => (
						<optgroup key={group.label} label={group.label}>
							{group.units.map((unit) => (
								<option key={unit} value={unit}>
									{unit}
								</option>
							))}
						</optgroup>
					))}
				</select>
			</div>
			<p id={`${id}-hint`} className="mt-1 text-xs text-base-content/70">
				As on the label, like 64 fl oz or 1 lb: results then compare the price per unit.
			</p>
			{invalid && (
				<ul id={`${id}-errors`} className="mt-1 text-sm text-error" data-testid="size-errors">
					{errors?.map((message) => (
						<li key={message}>{message}</li>
					))}
				</ul>
			)}
		</fieldset>
	);
}
