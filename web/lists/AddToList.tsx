import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useId, useState } from "react";
import { failureText } from "../api/failure.ts";
import { useToast } from "../state/toast.ts";
import { listsQuery, useAddItem } from "./queries.ts";

/** What is added: a product by its barcode, or by its name in its category. */
export type ListProduct = { name: string; barcode?: string | undefined; categoryId: number };

/** Adds the product to a list, and says so (or why not) in a toast; `onDone` after it was added. */
export function useAddProduct(list: { id: string; name: string }) {
	const add = useAddItem(list.id);
	const toast = useToast();
	const addProduct = (product: ListProduct, onDone?: () => void) =>
		add.mutate(
			product.barcode
				? { barcode: product.barcode, categoryId: product.categoryId }
				: { name: product.name, categoryId: product.categoryId },
			{
				onSuccess: (item) => {
					toast({ title: "Added to the list", description: `${item.name} is on “${list.name}”.` });
					onDone?.();
				},
				onError: (error) =>
					toast({ title: "The item could not be added", description: failureText(error), variant: "error" }),
			},
		);
	return { addProduct, busy: add.isPending };
}

/** "Add to list" beside a product: the shopper's lists to choose from, or a way to make the first. */
export function AddToList({ product }: { product: ListProduct }) {
	const lists = useQuery(listsQuery);
	const [chosen, setChosen] = useState("");
	const listId = chosen || String(lists.data?.[0]?.id ?? "");
	const name = lists.data?.find((l) => String(l.id) === listId)?.name ?? "";
	const { addProduct, busy } = useAddProduct({ id: listId, name });
	const selectId = useId();
	if (!lists.data) return null;
	if (lists.data.length === 0)
		return (
			<Link to="/lists" className="btn btn-sm btn-outline">
				Make a shopping list
			</Link>
		);
	return (
		<div className="flex flex-wrap items-center gap-2">
			<label htmlFor={selectId} className="text-sm">
				Add to
			</label>
			<select
				id={selectId}
				className="select select-sm w-auto"
				value={listId}
				onChange={(e) => setChosen(e.target.value)}
			>
				{lists.data.map((list) => (
					<option key={list.id} value={list.id}>
						{list.name}
					</option>
				))}
			</select>
			<button type="button" className="btn btn-sm btn-primary" disabled={busy} onClick={() => addProduct(product)}>
				Add to list
			</button>
		</div>
	);
}
