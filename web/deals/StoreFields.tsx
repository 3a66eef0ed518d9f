import { useQuery } from "@tanstack/react-query";
import { useEffect, useEffectEvent, useRef } from "react";
import { ZIP_MAX_LENGTH } from "../../src/auth/schemas.ts";
import { currentUserQuery } from "../auth/index.ts";
import { Field } from "../components/form.tsx";
import { formatMiles } from "../components/format.ts";
import { PlaceFields } from "../components/PlaceFields.tsx";
import { type StoreSuggestion, storesQuery } from "./queries.ts";

type StoreValues = {
	storeName: string;
	storeAddress: string;
	storePhone: string;
	storeZipCode: string;
	vacationMode: boolean;
	reportZipCode: string;
};
type StoreKey = "storeName" | "storeAddress" | "storePhone" | "storeZipCode";
type Errors = Partial<Record<StoreKey, string[]>>;

/** Where the shopper is now: the vacation zip once it looks complete, else their own. */
function currentZip(values: StoreValues, ownZip: string | null): string | null {
	if (!values.vacationMode) return ownZip;
	const typed = values.reportZipCode.trim();
	return typed.length >= 5 ? typed : null;
}

/** A suggestion as the list reads it: where it is, and how far. */
const describe = (store: StoreSuggestion) =>
	[store.address, store.zipCode, formatMiles(store.distanceMiles)].filter(Boolean).join(" · ");

/**
 * Where the price was seen: the store, with the stores already reported nearby suggested, nearest first, and
 * the store's own zip (the report counts where the store is). That zip starts as where the shopper is now and
 * follows it (vacation mode on or off) until the shopper types one or picks a suggested store, whose zip it
 * takes: the same shop reported from two homes is then one store.
 */
export function StoreFields({
	values,
	errors,
	onChange,
}: {
	values: StoreValues;
	errors: Errors;
	onChange: (patch: Partial<Pick<StoreValues, StoreKey>>) => void;
}) {
	const auth = useQuery(currentUserQuery);
	const ownZip = auth.data?.status === "authenticated" ? auth.data.user.zipCode : null;
	const zip = currentZip(values, ownZip);
	const stores = useQuery({ ...storesQuery(zip ?? ""), enabled: zip !== null }).data ?? [];

	// The zip the store zip was last set to follow; a store zip other than it was typed or picked, and stays.
	const followed = useRef<string | null>(null);
	const follow = useEffectEvent((now: string | null) => {
		const typed = values.storeZipCode.trim();
		if (typed === "" || typed === followed.current) onChange({ storeZipCode: now ?? "" });
		followed.current = now;
	});
	useEffect(() => follow(zip), [zip]);

	return (
		<>
			<PlaceFields
				kind="Store"
				places={stores}
				name={values.storeName}
				address={values.storeAddress}
				describe={describe}
				errors={{ name: errors.storeName, address: errors.storeAddress }}
				onChange={({ name, address }, chosen) =>
					onChange({
						...(name === undefined ? {} : { storeName: name }),
						...(address === undefined ? {} : { storeAddress: address }),
						...(chosen ? { storeZipCode: chosen.zipCode } : {}),
					})
				}
			/>
			<Field
				label="Store zip code"
				name="storeZipCode"
				inputMode="numeric"
				autoComplete="postal-code"
				maxLength={ZIP_MAX_LENGTH}
				hint="Where the store is: the price counts there"
				value={values.storeZipCode}
				onChange={(e) => onChange({ storeZipCode: e.target.value })}
				errors={errors.storeZipCode}
			/>
			<Field
				label="Store phone"
				name="storePhone"
				type="tel"
				autoComplete="tel"
				hint="Optional"
				value={values.storePhone}
				onChange={(e) => onChange({ storePhone: e.target.value })}
				errors={errors.storePhone}
			/>
		</>
	);
}
