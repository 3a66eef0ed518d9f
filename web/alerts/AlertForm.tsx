import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import * as v from "valibot";
import { type AlertScope, FUEL_LABEL, FUEL_TYPES, type FuelType } from "../../db/enums.ts";
import { MISSING_FIELDS_MESSAGE, MISSING_FIELDS_TITLE, PriceAlertSchema } from "../../src/alerts/schemas.ts";
import { submitFailure } from "../api/failure.ts";
import { currentUserQuery, useSessionLost } from "../auth/index.ts";
import { CategorySelect } from "../components/CategorySelect.tsx";
import { Field, priceInput, SelectField, useForm } from "../components/form.tsx";
import { formatCurrency } from "../components/format.ts";
import { fuelPriceText } from "../components/fuel.ts";
import { AlertIcon } from "../components/icons.tsx";
import { SubmitButton } from "../components/SubmitButton.tsx";
import { useToast } from "../state/toast.ts";
import { type Choice, ChoiceGroup } from "./ChoiceGroup.tsx";
import { type AlertSubmission, isDuplicateAlert, useCreateAlert } from "./queries.ts";

export const CREATE_FAILED_MESSAGE = "Failed to create price alert. Please try again.";
/** A fuel alert is named by its fuel: only its target can be missing. */
export const MISSING_TARGET_MESSAGE = "Please fill in a target price.";
export const STARRED_SPOTS_HINT = "Star stores and stations from results and the Gas page.";

type Watch = "product" | "fuel";
type AlertFormValues = {
	watch: Watch;
	productName: string;
	targetPrice: string;
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

/** The form's fields as the API's body: a fuel alert has no product name or category, a product alert no fuel. */
const AlertFormSchema = v.pipe(
	v.custom<AlertFormValues>(() => true),
	v.transform(
		({ watch, productName, targetPrice, categoryId, fuelType, scope }): v.InferInput<typeof PriceAlertSchema> =>
			watch === "fuel" ? { fuelType, targetPrice, scope } : { productName, targetPrice, categoryId, scope },
	),
	PriceAlertSchema,
);

/**
 * What the alert waits for: a price at or under its target, or any price reported. A fuel's target is written
 * as its prices are, to the tenth of a cent per gallon or kWh; a product's to the cent.
 */
export const priceWanted = (target: number | null, fuel: FuelType | null = null) => {
	if (target === null) return "reported at any price";
	return `${fuel ? fuelPriceText(target, fuel) : formatCurrency(target)} or less`;
};

/** The create-alert form (spec §2, §5): a product (to the cent, optionally in a category) or a fuel, and where. */
export function AlertForm({ onDone }: { onDone: () => void }) {
	const auth = useQuery(currentUserQuery);
	const preferred = auth.data?.status === "authenticated" ? auth.data.user.preferredFuelType : "regular";
	const form = useForm(AlertFormSchema, {
		watch: "product",
		productName: "",
		targetPrice: "",
		categoryId: "",
		fuelType: preferred,
		scope: "near",
	} as AlertFormValues);
	const { values, errors, set, field } = form;
	const [tried, setTried] = useState(false);
	const create = useCreateAlert();
	const toast = useToast();
	const sessionLost = useSessionLost();
	const fuel = values.watch === "fuel";
	const missing = !values.targetPrice.trim() || (!fuel && !values.productName.trim());
	const missingMessage = fuel ? MISSING_TARGET_MESSAGE : MISSING_FIELDS_MESSAGE;

	const submit = (event: React.FormEvent) => {
		event.preventDefault();
		if (create.isPending) return;
		setTried(true);
		const input = form.check();
		if (!input) {
			if (missing) toast({ title: MISSING_FIELDS_TITLE, description: missingMessage, variant: "error" });
			return;
		}
		// Spec §7's body for a product alert; the place is sent only when it is not the default (near the
		// user's own zip, since no zipCode is sent).
		const where = input.scope === "near" ? {} : { scope: input.scope };
		const targetPrice = input.targetPrice / 100;
		const json: AlertSubmission =
			input.fuelType === null
				? { productName: input.productName, targetPrice, categoryId: input.categoryId, ...where }
				: { fuelType: input.fuelType, targetPrice, ...where };
		create.mutate(json, {
			onSuccess: (alert) => {
				const place = alert.scope === "spots" ? "at your starred spots" : `near ${alert.zipCode ?? "you"}`;
				toast({
					title: "Price alert created",
					description: `We will tell you when ${alert.productName} is ${priceWanted(alert.targetPrice, alert.fuelType)} ${place}.`,
				});
				form.reset();
				setTried(false);
				onDone();
			},
			onError: (error) => {
				if (sessionLost(error)) return;
				if (isDuplicateAlert(error)) {
					// What the shopper asked for is there: sent twice after a lost answer, or set before.
					toast({ title: "You already have this price alert", description: "It is in your list." });
					form.reset();
					setTried(false);
					onDone();
					return;
				}
				const detail = submitFailure(error, form.showIssues);
				toast({ title: CREATE_FAILED_MESSAGE, description: detail, variant: "error" });
			},
		});
	};

	return (
		<form onSubmit={submit} noValidate aria-label="Create a price alert" className="card bg-base-100 shadow-sm">
			<div className="card-body gap-4">
				{tried && missing && (
					<div role="alert" className="alert alert-error alert-soft" data-testid="alert-missing-fields">
						<AlertIcon />
						<span>
							<strong>{MISSING_FIELDS_TITLE}.</strong> {missingMessage}
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
				<div className="grid grid-cols-1 gap-4 md:grid-cols-2">
					<Field
						label="Target price ($)"
						{...field("targetPrice")}
						{...priceInput(2)}
						hint="Notify me at this price or less."
						required
					/>
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
				<div className="flex justify-end gap-2">
					<button type="button" className="btn btn-ghost" onClick={onDone} disabled={create.isPending}>
						Cancel
					</button>
					<SubmitButton busy={create.isPending}>{create.isPending ? "Creating…" : "Create Alert"}</SubmitButton>
				</div>
			</div>
		</form>
	);
}
