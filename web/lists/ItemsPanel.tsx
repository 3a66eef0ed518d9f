import { useEffect, useState } from "react";
import { AddItemSchema } from "../../src/lists/schemas.ts";
import { failureText } from "../api/failure.ts";
import { Field, useForm } from "../components/form.tsx";
import { CloseIcon } from "../components/icons.tsx";
import { SubmitButton } from "../components/SubmitButton.tsx";
import { ScanButton } from "../components/scan/ScanButton.tsx";
import { useToast } from "../state/toast.ts";
import { Panel } from "./Parts.tsx";
import { type ListItem, useAddItem, useRemoveItem, useTickItem } from "./queries.ts";

const quantityText = (item: ListItem) =>
	[item.quantity > 1 ? `× ${item.quantity}` : "", item.size ? `${item.size.quantity} ${item.size.unit}` : ""]
		.filter(Boolean)
		.join(" · ");

/** The list's items: add by words or a scan, tick off in the store, remove. */
export function ItemsPanel({ listId, items }: { listId: string; items: readonly ListItem[] }) {
	const tick = useTickItem(listId);
	const remove = useRemoveItem(listId);
	const toast = useToast();
	const failed = (title: string) => (error: Error) =>
		toast({ title, description: failureText(error), variant: "error" });
	return (
		<Panel title="Items" id="list-items">
			<AddItemForm listId={listId} />
			{items.length === 0 ? (
				<p className="text-sm text-base-content/70" data-testid="items-empty">
					Nothing on the list yet: add what you mean to buy, by name or by scanning its barcode.
				</p>
			) : (
				<ul className="flex flex-col divide-y divide-base-300" aria-label="Items on the list">
					{items.map((item) => (
						<li key={item.id} className="flex items-center gap-3 py-2" data-testid="list-item">
							<TickBox
								id={`item-${item.id}`}
								ticked={item.ticked}
								onTick={(ticked) =>
									tick.mutate({ itemId: item.id, ticked }, { onError: failed("The item could not be ticked") })
								}
							/>
							<label
								htmlFor={`item-${item.id}`}
								className={`grow break-words ${item.ticked ? "text-base-content/70 line-through" : ""}`}
							>
								{item.name}
								{quantityText(item) && <span className="ml-2 text-sm text-base-content/70">{quantityText(item)}</span>}
							</label>
							<button
								type="button"
								className="btn btn-ghost btn-sm btn-square"
								aria-label={`Remove ${item.name}`}
								onClick={() => remove.mutate(item.id, { onError: failed("The item could not be removed") })}
							>
								<CloseIcon className="size-4" />
							</button>
						</li>
					))}
				</ul>
			)}
		</Panel>
	);
}

function AddItemForm({ listId }: { listId: string }) {
	const form = useForm(AddItemSchema, { name: "", quantity: "1" });
	const add = useAddItem(listId);
	const toast = useToast();
	const [scanned, setScanned] = useState("");
	const added = (what: string) => toast({ title: "Added to the list", description: what });
	const failed = (error: Error) =>
		toast({ title: "The item could not be added", description: failureText(error), variant: "error" });
	return (
		<form
			aria-label="Add an item"
			noValidate
			className="flex flex-col gap-2 sm:flex-row sm:items-start"
			onSubmit={(event) => {
				event.preventDefault();
				const input = form.check();
				if (!input || add.isPending) return;
				add.mutate(
					{ name: input.name, quantity: input.quantity },
					{
						onSuccess: (item) => {
							form.reset();
							added(item.name);
						},
						onError: failed,
					},
				);
			}}
		>
			<div className="grow">
				<Field
					label="Item"
					{...form.field("name")}
					placeholder="e.g. eggs"
					maxLength={120}
					trailing={
						<ScanButton
							onCode={(barcode) => {
								setScanned(barcode);
								add.mutate({ barcode }, { onSuccess: (item) => added(item.name), onError: failed });
							}}
						/>
					}
				/>
			</div>
			<div className="flex items-start gap-2">
				<div className="w-24">
					<Field label="Quantity" {...form.field("quantity")} type="number" inputMode="numeric" min={1} max={99} />
				</div>
				<SubmitButton busy={add.isPending && !scanned} className="btn-primary mt-6 grow sm:grow-0">
					Add
				</SubmitButton>
			</div>
		</form>
	);
}

/**
 * An item's box: it follows the click at once, in the same event (a box bound only to the list's data would be
 * put back by React until that data changed), and the list's data after.
 */
function TickBox({ id, ticked, onTick }: { id: string; ticked: boolean; onTick: (ticked: boolean) => void }) {
	const [checked, setChecked] = useState(ticked);
	useEffect(() => setChecked(ticked), [ticked]);
	return (
		<input
			id={id}
			type="checkbox"
			className="checkbox"
			checked={checked}
			onChange={(e) => {
				setChecked(e.target.checked);
				onTick(e.target.checked);
			}}
		/>
	);
}
