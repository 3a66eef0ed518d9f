import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { submitFailure } from "../api/failure.ts";
import { currentUserQuery, useSessionLost } from "../auth/index.ts";
import { useForm } from "../components/form.tsx";
import { SubmitButton } from "../components/SubmitButton.tsx";
import { useToast } from "../state/toast.ts";
import { AlertFields, AlertFormSchema, alertEditBody, alertValues, checkedAlert, priceWanted } from "./AlertFields.tsx";
import { placeText } from "./AlertForm.tsx";
import { isDuplicateAlert, isMissingAlert, type PriceAlert, useEditAlert } from "./queries.ts";

export const EDIT_FAILED_MESSAGE = "Failed to save price alert. Please try again.";

/**
 * One alert's form, in its place in the list, filled with what it watches: Save writes the edit over it
 * (its hits go when it then matches anew), Cancel and Escape leave it as it was. `onClose` gives the focus back to its Edit button.
 */
export function AlertEditForm({ alert, onClose }: { alert: PriceAlert; onClose: () => void }) {
	const auth = useQuery(currentUserQuery);
	const preferred = auth.data?.status === "authenticated" ? auth.data.user.preferredFuelType : "regular";
	const form = useForm(AlertFormSchema, alertValues(alert, preferred));
	const [tried, setTried] = useState(false);
	const edit = useEditAlert();
	const toast = useToast();
	const sessionLost = useSessionLost();
	const ref = useRef<HTMLFormElement>(null);

	// The first field takes the focus as the form opens: the Edit button that had it is gone.
	useEffect(() => {
		ref.current?.querySelector<HTMLElement>('[name="productName"], [name="fuelType"]')?.focus();
	}, []);

	const cancel = () => {
		if (!edit.isPending) onClose();
	};

	const submit = (event: React.FormEvent) => {
		event.preventDefault();
		if (edit.isPending) return;
		setTried(true);
		const input = checkedAlert(form, toast);
		if (!input) return;
		edit.mutate(
			{ id: alert.id, json: alertEditBody(input) },
			{
				onSuccess: (saved) => {
					toast({
						title: "Price alert saved",
						description: `We will tell you when ${saved.productName} is ${priceWanted(saved.targetPrice, saved.fuelType)} ${placeText(saved)}.`,
					});
					onClose();
				},
				onError: (error) => {
					if (sessionLost(error)) return;
					if (isMissingAlert(error)) {
						toast({ title: "This price alert is no longer there", description: "It was deleted.", variant: "error" });
						onClose();
						return;
					}
					if (isDuplicateAlert(error)) {
						toast({
							title: "You already have this price alert",
							description: "Change it, or cancel.",
							variant: "error",
						});
						return;
					}
					const detail = submitFailure(error, form.showIssues);
					toast({ title: EDIT_FAILED_MESSAGE, description: detail, variant: "error" });
				},
			},
		);
	};

	return (
		<form
			ref={ref}
			onSubmit={submit}
			onKeyDown={(event) => {
				if (event.key !== "Escape") return;
				// The form's own Escape: nothing around it closes with it.
				event.stopPropagation();
				cancel();
			}}
			noValidate
			aria-label={`Edit the alert for ${alert.productName}`}
			aria-busy={edit.isPending || undefined}
			className="card-body gap-4 p-4"
			data-testid="alert-edit-form"
		>
			<AlertFields form={form} tried={tried} />
			<div className="flex justify-end gap-2">
				<button type="button" className="btn btn-ghost" onClick={cancel} aria-disabled={edit.isPending || undefined}>
					Cancel
				</button>
				<SubmitButton busy={edit.isPending}>{edit.isPending ? "Saving…" : "Save"}</SubmitButton>
			</div>
		</form>
	);
}
