import { MULTI_BUY_MAX } from "../../src/lib/price-terms.ts";
import { Field, SelectField } from "../components/form.tsx";

/** How the form names each price type. */
export const PRICE_TYPE_OPTIONS = [
	{ value: "regular", label: "Regular price" },
	{ value: "sale", label: "Sale" },
	{ value: "member", label: "Member or loyalty card only" },
	{ value: "multi-buy", label: "Multi-buy (like 2 for $5)" },
] as const;

type TermValues = { priceType: string; saleEnds: string; multiBuyQuantity: string };
type Wiring = (name: keyof TermValues) => {
	name: string;
	value: string;
	onChange: (event: { target: { value: string } }) => void;
	errors: string[] | undefined;
};

/**
 * What the price asks of the shopper: a sale's last day, or how many a multi-buy's price is for. A switch
 * away from a type clears what only it asks, so nothing hidden is sent.
 */
export function PriceTypeFields({
	values,
	field,
	onChange,
}: {
	values: TermValues;
	field: Wiring;
	onChange: (patch: Partial<TermValues>) => void;
}) {
	const type = field("priceType");
	return (
		<div className="grid grid-cols-1 gap-4 md:grid-cols-2">
			<SelectField
				label="Price type"
				{...type}
				onChange={(event) =>
					onChange({
						priceType: event.target.value,
						...(event.target.value === "sale" ? {} : { saleEnds: "" }),
						...(event.target.value === "multi-buy" ? {} : { multiBuyQuantity: "" }),
					})
				}
			>
				{PRICE_TYPE_OPTIONS.map((o) => (
					<option key={o.value} value={o.value}>
						{o.label}
					</option>
				))}
			</SelectField>
			{values.priceType === "sale" && (
				<Field label="Sale's last day" type="date" {...field("saleEnds")} hint="Optional: it stops showing after" />
			)}
			{values.priceType === "multi-buy" && (
				<Field
					label="How many for the price"
					type="number"
					min={2}
					max={MULTI_BUY_MAX}
					inputMode="numeric"
					{...field("multiBuyQuantity")}
					hint="The price above is for all of them together"
					required
				/>
			)}
		</div>
	);
}
