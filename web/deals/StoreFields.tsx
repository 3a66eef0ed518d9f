import { useQuery } from "@tanstack/react-query";
import { currentUserQuery } from "../auth/queries.ts";
import { Field } from "../components/form.tsx";
import { PlaceFields } from "../components/PlaceFields.tsx";
import { storesQuery } from "./queries.ts";

type StoreValues = {
	storeName: string;
	storeAddress: string;
	storePhone: string;
	vacationMode: boolean;
	reportZipCode: string;
};
type Errors = Partial<Record<"storeName" | "storeAddress" | "storePhone", string[]>>;

/** The zip a report will count in: the vacation zip once it looks complete, else the shopper's own. */
function reportZip(values: StoreValues, ownZip: string | null): string | null {
	if (!values.vacationMode) return ownZip;
	const typed = values.reportZipCode.trim();
	return typed.length >= 5 ? typed : null;
}

/** Where the price was seen: the store, with the stores already reported in that zip suggested. */
export function StoreFields({
	values,
	errors,
	onChange,
}: {
	values: StoreValues;
	errors: Errors;
	onChange: (patch: Partial<Pick<StoreValues, "storeName" | "storeAddress" | "storePhone">>) => void;
}) {
	const auth = useQuery(currentUserQuery);
	const ownZip = auth.data?.status === "authenticated" ? auth.data.user.zipCode : null;
	const zip = reportZip(values, ownZip);
	const stores = useQuery({ ...storesQuery(zip ?? ""), enabled: zip !== null }).data ?? [];
	return (
		<>
			<PlaceFields
				kind="Store"
				places={stores}
				name={values.storeName}
				address={values.storeAddress}
				errors={{ name: errors.storeName, address: errors.storeAddress }}
				onChange={({ name, address }) =>
					onChange({
						...(name === undefined ? {} : { storeName: name }),
						...(address === undefined ? {} : { storeAddress: address }),
					})
				}
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
