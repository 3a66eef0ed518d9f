/**
 * What the create-alert and edit-alert forms share: their values, the schema that checks them (the server's,
 * so both speak its messages), the fields themselves, and the body the API takes from them.
 */

import { useId } from "react";
import * as v from "valibot";
import { type AlertScope, FUEL_LABEL, FUEL_TYPES, type FuelType } from "../../db/enums.ts";
import {
	ANY_PRICE_CENTS,
	MISSING_FIELDS_MESSAGE,
	MISSING_FIELDS_TITLE,
	PriceAlertSchema,
} from "../../src/alerts/schemas.ts";
import { CategorySelect } from "../components/CategorySelect.tsx";
import { Field, priceInput, SelectField, type useForm } from "../components/form.tsx";
import { formatCurrency } from "../components/format.ts";
import { fuelPriceText } from "../components/fuel.ts";
import { AlertIcon } from "../components/icons.tsx";
import type { useToast } from "../state/toast.ts";
import { type Choice, ChoiceGroup } from "./ChoiceGroup.tsx";
import type { AlertEdit, AlertSubmission, PriceAlert } from "./queries.ts";

/** A fuel alert is named by its fuel: only its target can be missing. */
export const MISSING_TARGET_MESSAGE = "Please fill in a target price.";
export const STARRED_SPOTS_HINT = "Star stores and stations from results and the Gas page.";

type Watch = "product" | "fuel";
export type AlertFormValues = {
	watch: Watch;
	productName: string;
	targetPrice: string;
	/** A product alert that waits for any price reported: its target is neither asked for nor sent. */
	anyPrice: boolean;
	categoryId: string;
	fuelType: FuelType;
	scope: AlertScope;
};

const WATCH_CHOICES: readonly Choice<Watch>[] = [
	{ value: "product", label: "A product" },
	{ value: "fuel", label: "A fuel" },
];
const SCOPE_CHOICES: readonly Choice<AlertScope>[] = [
	{ value: "near", label: "Near me", hint: "Your zip code and the 20 nearest." },
	{ value: "spots", label: "At my starred spots", hint: STARRED_SPOTS_HINT },
];

/**
 * The form's fields as the API's body: a fuel alert has no product name or category, a product alert no fuel;
 * a product alert at any price has a null target. A fuel alert always has a target.
 */
export const AlertFormSchema = v.pipe(
	v.custom<AlertFormValues>(() => true),
	v.transform(
		({
			watch,
			productName,
			targetPrice,
			anyPrice,
			categoryId,
			fuelType,
			scope,
		}): v.InferInput<typeof PriceAlertSchema> =>
			watch === "fuel"
				? { fuelType, targetPrice, scope }
				: { productName, targetPrice: anyPrice ? null : targetPrice, categoryId, scope },
	),
	PriceAlertSchema,
);
export type AlertForm = ReturnType<typeof useForm<typeof AlertFormSchema, AlertFormValues>>;

/** A new alert's form: a product, near the shopper, in their preferred fuel should they pick fuel. */
export const blankAlert = (fuelType: FuelType): AlertFormValues => ({
	watch: "product",
	productName: "",
	targetPrice: "",
	anyPrice: false,
	categoryId: "",
	fuelType,
	scope: "near",
});

/** An alert's form, filled with what it watches; an alert at any price has "At any price" ticked. */
export const alertValues = (alert: PriceAlert, preferred: FuelType): AlertFormValues => ({
	watch: alert.fuelType ? "fuel" : "product",
	productName: alert.fuelType ? "" : alert.productName,
	targetPrice: alert.targetPrice === null ? "" : alert.targetPrice.toFixed(2),
	anyPrice: alert.fuelType === null && alert.targetPrice === null,
	categoryId: alert.categoryId === null ? "" : String(alert.categoryId),
	fuelType: alert.fuelType ?? preferred,
	scope: alert.scope,
});

type Checked = v.InferOutput<typeof AlertFormSchema>;

/** The target as the API takes it: dollars, or null for a product alert at any price. */
const targetOf = (input: Checked) =>
	input.fuelType === null && input.targetPrice === ANY_PRICE_CENTS ? null : input.targetPrice / 100;

/**
 * Spec §7's body for a product alert; the place is sent only when it is not the default (near the user's
 * own zip, since no zipCode is sent).
 */
export function alertBody(input: Checked): AlertSubmission {
	const where = input.scope === "near" ? {} : { scope: input.scope };
	const targetPrice = targetOf(input);
	return input.fuelType === null
		? { productName: input.productName, targetPrice, categoryId: input.categoryId, ...where }
		: { fuelType: input.fuelType, targetPrice, ...where };
}

/**
 * An edit's body: every field, the place too, since what is not sent keeps its old value. A product alert
 * says it is one (fuelType null), or an alert that was a fuel alert would stay one. The zip is not sent:
 * the alert keeps watching where it was set.
 */
export function alertEditBody(input: Checked): AlertEdit {
	const { scope } = input;
	return input.fuelType === null
		? {
				fuelType: null,
				productName: input.productName,
				targetPrice: targetOf(input),
				categoryId: input.categoryId,
				scope,
			}
		: { fuelType: input.fuelType, targetPrice: input.targetPrice / 100, scope };
}

/** Whether a required field is empty, and what the form says about it then. */
export function missingOf(values: AlertFormValues) {
	const fuel = values.watch === "fuel";
	const noTarget = !values.targetPrice.trim() && (fuel || !values.anyPrice);
	const missing = noTarget || (!fuel && !values.productName.trim());
	return { missing, message: fuel ? MISSING_TARGET_MESSAGE : MISSING_FIELDS_MESSAGE };
}

/** The values to send, or null: then each field says what is wrong, and a missing one is said in a toast too. */
export function checkedAlert(form: AlertForm, toast: ReturnType<typeof useToast>) {
	const input = form.check();
	if (input) return input;
	const { missing, message } = missingOf(form.values);
	if (missing) toast({ title: MISSING_FIELDS_TITLE, description: message, variant: "error" });
	return null;
}

/**
 * What the alert waits for: a price at or under its target, or any price reported. A fuel's target is written
 * as its prices are, to the tenth of a cent per gallon or kWh; a product's to the cent.
 */
export const priceWanted = (target: number | null, fuel: FuelType | null = null) => {
	if (target === null) return "reported at any price";
	return `${fuel ? fuelPriceText(target, fuel) : formatCurrency(target)} or less`;
};

/** The fields of an alert's form (spec §2, §5): a product (to the cent, optionally in a category) or a fuel, and where. */
export function AlertFields({ form, tried }: { form: AlertForm; tried: boolean }) {
	const { values, errors, set, field } = form;
	const fuel = values.watch === "fuel";
	const anyPrice = !fuel && values.anyPrice;
	const { missing, message } = missingOf(values);
	const anyPriceHint = useId();
	return (
		<>
			{tried && missing && (
				<div role="alert" className="alert alert-error alert-soft" data-testid="alert-missing-fields">
					<AlertIcon />
					<span>
						<strong>{MISSING_FIELDS_TITLE}.</strong> {message}
					</span>
				</div>
			)}
			<ChoiceGroup
				legend="What to watch"
				name="watch"
				choices={WATCH_CHOICES}
				value={values.watch}
				onChange={(watch) => set("watch", watch)}
			/>
			{fuel ? (
				<SelectField
					label="Fuel"
					name="fuelType"
					value={values.fuelType}
					onChange={(e) => set("fuelType", e.target.value as FuelType)}
					errors={errors.fuelType}
				>
					{FUEL_TYPES.map((f) => (
						<option key={f} value={f}>
							{FUEL_LABEL[f]}
						</option>
					))}
				</SelectField>
			) : (
				<Field
					label="Product name"
					{...field("productName")}
					placeholder="e.g. eggs, organic milk"
					hint="We match every word you type, in any order."
					required
				/>
			)}
			{!fuel && (
				<label className="flex cursor-pointer items-start gap-3">
					<input
						type="checkbox"
						name="anyPrice"
						className="checkbox checkbox-primary mt-0.5"
						checked={values.anyPrice}
						aria-describedby={anyPriceHint}
						onChange={(e) => set("anyPrice", e.target.checked)}
					/>
					<span>
						<span className="block text-sm font-medium">At any price</span>
						<span id={anyPriceHint} className="block text-xs text-base-content/70">
							Notify me whenever anyone reports it, with no target.
						</span>
					</span>
				</label>
			)}
			<div className="grid grid-cols-1 gap-4 md:grid-cols-2">
				{!anyPrice && (
					<Field
						label="Target price ($)"
						{...field("targetPrice")}
						{...priceInput(2)}
						hint="Notify me at this price or less."
						required
					/>
				)}
				{!fuel && (
					<CategorySelect
						anyLabel="Any category"
						hint="Optional"
						value={values.categoryId}
						onChange={(categoryId) => set("categoryId", categoryId)}
						errors={errors.categoryId}
					/>
				)}
			</div>
			<ChoiceGroup
				legend="Where"
				name="scope"
				choices={SCOPE_CHOICES}
				value={values.scope}
				onChange={(scope) => set("scope", scope)}
			/>
		</>
	);
}
