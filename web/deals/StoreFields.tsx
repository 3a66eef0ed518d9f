import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { currentUserQuery } from "../auth/queries.ts";
import { Field } from "../components/form.tsx";
import { type StoreSuggestion, storesQuery } from "./queries.ts";

type StoreValues = { storeName: string; storeAddress: string; storePhone: string; vacationMode: boolean; reportZipCode: string };
type Errors = Partial<Record<"storeName" | "storeAddress" | "storePhone", string[]>>;

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The zip a report will count in: the vacation zip once it looks complete, else the shopper's own. */
function reportZip(values: StoreValues, ownZip: string | null): string | null {
  if (!values.vacationMode) return ownZip;
  const typed = values.reportZipCode.trim();
  return typed.length >= 5 ? typed : null;
}

/**
 * Where the price was seen: the store's name, address and phone, with the stores already reported in that
 * zip offered as the shopper types (the browser's own suggestion list). Choosing a store's name fills its
 * address when that name has one store there, and the address was empty or another suggested store's.
 */
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
  const suggestions = useQuery({ ...storesQuery(zip ?? ""), enabled: zip !== null }).data ?? [];
  const ids = useId();

  const chooseName = (storeName: string) => {
    const matches = suggestions.filter((s) => same(s.name, storeName));
    const addressIsOurs = !values.storeAddress.trim() || suggestions.some((s) => s.address === values.storeAddress);
    const only = matches.length === 1 ? matches[0] : undefined;
    onChange(only && addressIsOurs ? { storeName, storeAddress: only.address } : { storeName });
  };
  // The address list: that store's addresses when the name is a suggested one, else every suggested address.
  const named = suggestions.filter((s) => same(s.name, values.storeName));
  const addresses = [...new Set((named.length > 0 ? named : suggestions).map((s: StoreSuggestion) => s.address))];

  return (
    <>
      <Field
        label="Store name"
        name="storeName"
        autoComplete="organization"
        list={`${ids}-names`}
        value={values.storeName}
        onChange={(e) => chooseName(e.target.value)}
        errors={errors.storeName}
        required
      />
      <datalist id={`${ids}-names`} data-testid="store-suggestions">
        {suggestions.map((s) => (
          <option key={`${s.name}\u0000${s.address}`} value={s.name}>
            {s.address}
          </option>
        ))}
      </datalist>
      <Field
        label="Store address"
        name="storeAddress"
        autoComplete="street-address"
        list={`${ids}-addresses`}
        value={values.storeAddress}
        onChange={(e) => onChange({ storeAddress: e.target.value })}
        errors={errors.storeAddress}
        required
      />
      <datalist id={`${ids}-addresses`}>
        {addresses.map((address) => (
          <option key={address} value={address} />
        ))}
      </datalist>
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
