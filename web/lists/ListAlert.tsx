import { useId } from "react";
import { ListAlertSchema } from "../../src/lists/schemas.ts";
import { failureIssues, failureText } from "../api/failure.ts";
import { Field, priceInput, useForm } from "../components/form.tsx";
import { formatCurrency, timeAgo } from "../components/format.ts";
import { SubmitButton } from "../components/SubmitButton.tsx";
import { useToast } from "../state/toast.ts";
import { Panel } from "./Parts.tsx";
import { type ListAlert, type ShoppingList, useClearListAlert, useSetListAlert } from "./queries.ts";

type Values = { underPrice: string; onCheapestChange: boolean; zipCode: string };

const valuesOf = (alert: ListAlert | null, zipCode: string | null): Values => ({
	underPrice: alert?.underPrice === null || alert?.underPrice === undefined ? "" : alert.underPrice.toFixed(2),
	onCheapestChange: alert?.onCheapestChange ?? false,
	zipCode: alert?.zipCode ?? zipCode ?? "",
});

/** What the alert watches, and what the plan cost when it last looked. */
function watching(alert: ListAlert) {
	const what = [
		alert.underPrice === null ? null : `under ${formatCurrency(alert.underPrice)}`,
		alert.onCheapestChange ? "when the cheapest store changes" : null,
	].filter(Boolean);
	const seen = alert.seen
		? ` Last seen ${formatCurrency(alert.seen.total)} at ${alert.seen.stores}, ${timeAgo(alert.seen.at)}.`
		: " Nothing on the list is priced there yet.";
	return `Alerting near ${alert.zipCode}: ${what.join(", and ")}.${seen}`;
}

/**
 * "Alert me" on a list: when the plan's total goes under a price, and/or when its cheapest store changes, near
 * a zip (the shopper's own unless changed). Told as price alerts are, within the same daily cap.
 */
export function ListAlertPanel({ list, zipCode }: { list: ShoppingList; zipCode: string | null }) {
	const { alert } = list;
	// Saved or removed (or the shopper's zip known), the form starts again from what is stored.
	const key = alert ? `${alert.zipCode} ${alert.underPrice} ${alert.onCheapestChange}` : `none ${zipCode}`;
	return (
		<Panel title="Alert me" id="list-alert">
			<AlertForm key={key} listId={String(list.id)} alert={alert} zipCode={zipCode} />
		</Panel>
	);
}

function AlertForm({ listId, alert, zipCode }: { listId: string; alert: ListAlert | null; zipCode: string | null }) {
	const form = useForm(ListAlertSchema, valuesOf(alert, zipCode));
	const save = useSetListAlert(listId);
	const clear = useClearListAlert(listId);
	const toast = useToast();
	const changeId = useId();
	const busy = save.isPending || clear.isPending;
	return (
		<form
			aria-label="List alert"
			noValidate
			className="flex flex-col gap-3"
			onSubmit={(event) => {
				event.preventDefault();
				if (!form.check() || busy) return;
				const { underPrice, onCheapestChange, zipCode: zip } = form.values;
				save.mutate(
					{ underPrice: underPrice.trim() || null, onCheapestChange, zipCode: zip.trim() || null },
					{
						onSuccess: () => toast({ title: "Alert saved" }),
						onError: (error) => {
							const issues = failureIssues(error);
							if (issues?.length) form.showIssues(issues);
							toast({ title: "The alert could not be saved", description: failureText(error), variant: "error" });
						},
					},
				);
			}}
		>
			<p className="text-sm text-base-content/70" role="status" aria-live="polite" data-testid="list-alert-status">
				{alert ? watching(alert) : "Get told when this list gets cheaper near you, as price alerts are."}
			</p>
			<div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
				<Field
					label="When it costs under ($)"
					{...form.field("underPrice")}
					{...priceInput(2)}
					hint="The plan's total for the items, without the drive"
				/>
				<Field label="Near zip code" {...form.field("zipCode")} autoComplete="postal-code" maxLength={10} />
			</div>
			<label className="flex cursor-pointer items-start gap-3" htmlFor={changeId}>
				<input
					id={changeId}
					type="checkbox"
					name="onCheapestChange"
					className="checkbox checkbox-primary mt-0.5"
					checked={form.values.onCheapestChange}
					onChange={(e) => form.set("onCheapestChange", e.target.checked)}
				/>
				<span className="text-sm font-medium">When the cheapest store changes</span>
			</label>
			<div className="flex flex-wrap items-center gap-2">
				<SubmitButton busy={save.isPending} className="btn-primary btn-sm">
					{alert ? "Save alert" : "Alert me"}
				</SubmitButton>
				{alert && (
					<button
						type="button"
						className="btn btn-ghost btn-sm"
						aria-busy={clear.isPending}
						onClick={() => {
							if (busy) return;
							clear.mutate(undefined, {
								onSuccess: () => toast({ title: "Alert removed" }),
								onError: (error) =>
									toast({
										title: "The alert could not be removed",
										description: failureText(error),
										variant: "error",
									}),
							});
						}}
					>
						{clear.isPending ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : null}
						Remove alert
					</button>
				)}
			</div>
		</form>
	);
}
