/**
 * Forms validated by the same valibot schemas the server uses, so both speak the spec's messages.
 * Errors appear after the first submit and then follow every change.
 */
import { useMemo } from "react";
import * as v from "valibot";
import { type FieldErrors, type FormRules, type KeptValues, useFormState } from "./fields.tsx";

export { Field, type FieldErrors, FieldFrame, priceInput, SelectField, TextAreaField } from "./fields.tsx";

/** A schema's messages per field, as a form shows them. */
export function rulesOf<S extends v.GenericSchema, V extends Record<string, unknown>>(
	schema: S,
): FormRules<V, v.InferOutput<S>> {
	type K = keyof V & string;
	return {
		errors(values) {
			const result = v.safeParse(schema, values);
			if (result.success) return {};
			const nested = v.flatten<S>(result.issues).nested as Record<string, string[] | undefined>;
			const out: FieldErrors<K> = {};
			for (const [key, messages] of Object.entries(nested)) {
				if (!messages?.length) continue;
				// "X is required" says it all; the other rules of an empty field would only repeat it.
				out[key as K] = /required/i.test(messages[0] ?? "") ? messages.slice(0, 1) : messages;
			}
			return out;
		},
		parse: (values) => v.parse(schema, values),
	};
}

export function useForm<S extends v.GenericSchema, V extends Record<string, unknown>>(
	schema: S,
	initial: V,
	kept?: KeptValues<V>,
) {
	const rules = useMemo(() => rulesOf<S, V>(schema), [schema]);
	const form = useFormState(rules, initial, kept);
	return { ...form, check: (): v.InferOutput<S> | null => form.check(rules) };
}
