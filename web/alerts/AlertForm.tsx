import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { submitFailure } from "../api/failure.ts";
import { currentUserQuery, useSessionLost } from "../auth/index.ts";
import { useForm } from "../components/form.tsx";
import { SubmitButton } from "../components/SubmitButton.tsx";
import { useToast } from "../state/toast.ts";
import { AlertFields, AlertFormSchema, alertBody, blankAlert, checkedAlert, priceWanted } from "./AlertFields.tsx";
import { isDuplicateAlert, type PriceAlert, useCreateAlert } from "./queries.ts";

export const CREATE_FAILED_MESSAGE = "Failed to create price alert. Please try again.";

/** "near 10001", or "at your starred spots": where an alert watches, as a toast says it. */
export const placeText = (alert: PriceAlert) =>
	alert.scope === "spots" ? "at your starred spots" : `near ${alert.zipCode ?? "you"}`;

/** The create-alert form (spec §2, §5): a product (to the cent, optionally in a category) or a fuel, and where. */
export function AlertForm({ onDone }: { onDone: () => void }) {
	const auth = useQuery(currentUserQuery);
	const preferred = auth.data?.status === "authenticated" ? auth.data.user.preferredFuelType : "regular";
	const form = useForm(AlertFormSchema, blankAlert(preferred));
	const [tried, setTried] = useState(false);
	const create = useCreateAlert();
	const toast = useToast();
	const sessionLost = useSessionLost();

	const submit = (event: React.FormEvent) => {
		event.preventDefault();
		if (create.isPending) return;
		setTried(true);
		const input = checkedAlert(form, toast);
		if (!input) return;
		create.mutate(alertBody(input), {
			onSuccess: (alert) => {
				toast({
					title: "Price alert created",
					description: `We will tell you when ${alert.productName} is ${priceWanted(alert.targetPrice, alert.fuelType)} ${placeText(alert)}.`,
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
				<AlertFields form={form} tried={tried} />
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
