import { useId } from "react";
import { Field } from "./form.tsx";

/** A place already known nearby: a store or a fuel station. */
export type KnownPlace = { name: string; address: string };

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * A place's name and address, with the places already known nearby offered as the shopper types (the
 * browser's own suggestion list: native on phones, read by screen readers). Choosing a name that has one
 * place there fills its address, unless the shopper typed an address of their own; choosing one of a
 * name's addresses picks that place. `onChange` then also gets the place, to fill what else is known of it
 * (where it is) in the same change. A picked place is not retyped, and a slip does not make a second one
 * of it, which would split its prices.
 */
export function PlaceFields<P extends KnownPlace>({
	kind,
	places,
	name,
	address,
	errors,
	onChange,
	namePlaceholder,
	describe = (place) => place.address,
}: {
	/** "Store" or "Station": the labels and the fields' names follow it. */
	kind: "Store" | "Station";
	places: readonly P[];
	name: string;
	address: string;
	errors: { name?: string[]; address?: string[] };
	onChange: (patch: { name?: string; address?: string }, chosen?: P) => void;
	namePlaceholder?: string;
	/** How a suggested place reads in the list: its address unless told (a store adds where it is). */
	describe?: (place: P) => string;
}) {
	const ids = useId();
	const field = kind.toLowerCase();

	const chooseName = (typed: string) => {
		const matches = places.filter((p) => same(p.name, typed));
		const addressIsOurs = !address.trim() || places.some((p) => p.address === address);
		const only = matches.length === 1 ? matches[0] : undefined;
		if (only && addressIsOurs) onChange({ name: typed, address: only.address }, only);
		else onChange({ name: typed });
	};
	// The address list: that place's addresses when the name is a known one, else every known address.
	const named = places.filter((p) => same(p.name, name));
	const addresses = [...new Set((named.length > 0 ? named : places).map((p) => p.address))];
	const chooseAddress = (typed: string) => {
		const matches = named.filter((p) => same(p.address, typed));
		onChange({ address: typed }, matches.length === 1 ? matches[0] : undefined);
	};

	return (
		<>
			<Field
				label={`${kind} name`}
				name={`${field}Name`}
				placeholder={namePlaceholder}
				autoComplete="organization"
				list={`${ids}-names`}
				value={name}
				onChange={(e) => chooseName(e.target.value)}
				errors={errors.name}
				required
			/>
			<datalist id={`${ids}-names`} data-testid={`${field}-suggestions`}>
				{places.map((p) => (
					<option key={`${p.name}\u0000${p.address}\u0000${describe(p)}`} value={p.name}>
						{describe(p)}
					</option>
				))}
			</datalist>
			<Field
				label={`${kind} address`}
				name={`${field}Address`}
				autoComplete="street-address"
				list={`${ids}-addresses`}
				value={address}
				onChange={(e) => chooseAddress(e.target.value)}
				errors={errors.address}
				required
			/>
			<datalist id={`${ids}-addresses`}>
				{addresses.map((a) => (
					<option key={a} value={a} />
				))}
			</datalist>
		</>
	);
}
