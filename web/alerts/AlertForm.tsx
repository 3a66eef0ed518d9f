import { useState } from "react";
import { MISSING_FIELDS_MESSAGE, MISSING_FIELDS_TITLE, PriceAlertSchema } from "../../src/alerts/schemas.ts";
import { submitFailure } from "../api/failure.ts";
import { useSessionLost } from "../auth/useSessionLost.ts";
import { CategorySelect } from "../components/CategorySelect.tsx";
import { Field, priceInput, useForm } from "../components/form.tsx";
import { formatCurrency } from "../components/format.ts";
import { AlertIcon } from "../components/icons.tsx";
import { SubmitButton } from "../components/SubmitButton.tsx";
import { useToast } from "../state/toast.ts";
import { isDuplicateAlert, useCreateAlert } from "./queries.ts";

export const CREATE_FAILED_MESSAGE = "Failed to create price alert. Please try again.";

const EMPTY = { productName: "", targetPrice: "", categoryId: "" };

/** The create-alert form (spec §2, §5): product, target price to the cent, and optionally a category. */
export function AlertForm({ onDone }: { onDone: () => void }) {
	const form = useForm(PriceAlertSchema, EMPTY);
	const { values, errors, set, field } = form;
	const [tried, setTried] = useState(false);
	const create = useCreateAlert();
	const toast = useToast();
	const sessionLost = useSessionLost();
	const missing = !values.productName.trim() || !values.targetPrice.trim();

	const submit = (event: React.FormEvent) => {
		event.preventDefault();
		if (create.isPending) return;
		setTried(true);
		const input = form.check();
		if (!input) {
			if (missing) toast({ title: MISSING_FIELDS_TITLE, description: MISSING_FIELDS_MESSAGE, variant: "error" });
			return;
		}
		const json = {
			productName: input.productName,
			targetPrice: input.targetPrice / 100,
			categoryId: input.categoryId,
		}; // spec §7's body; with no zipCode the alert watches the user's own zip
		create.mutate(json, {
			onSuccess: (alert) => {
				toast({
					title: "Price alert created",
					description: `We will tell you when ${alert.productName} is ${formatCurrency(alert.targetPrice)} or less near ${alert.zipCode ?? "you"}.`,
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
							<strong>{MISSING_FIELDS_TITLE}.</strong> {MISSING_FIELDS_MESSAGE}
						</span>
					</div>
				)}
				<Field
					label="Product name"
					{...field("productName")}
					placeholder="e.g. eggs, organic milk"
					hint="We match every word you type, in any order."
					required
				/>
				<div className="grid grid-cols-1 gap-4 md:grid-cols-2">
					<Field
						label="Target price ($)"
						{...field("targetPrice")}
						{...priceInput(2)}
						hint="Notify me at this price or less."
						required
					/>
					<CategorySelect
						anyLabel="Any category"
						hint="Optional"
						value={values.categoryId}
						onChange={(categoryId) => set("categoryId", categoryId)}
						errors={errors.categoryId}
					/>
				</div>
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
