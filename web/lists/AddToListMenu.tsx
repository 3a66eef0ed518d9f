import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useRef, useState } from "react";
import { type ListProduct, useAddProduct } from "./AddToList.tsx";
import { listsQuery } from "./queries.ts";

/**
 * "Add to list" on a search result: a small menu of the shopper's lists, read only once it is opened so a
 * page of results asks nothing more of the server until a shopper wants it.
 */
export function AddToListMenu({ product, describedBy }: { product: ListProduct; describedBy?: string }) {
	const [open, setOpen] = useState(false);
	const menu = useRef<HTMLDetailsElement>(null);
	const summary = useRef<HTMLElement>(null);
	const lists = useQuery({ ...listsQuery, enabled: open });
	return (
		// Opened in place rather than floating: a result card clips what overflows it.
		<details ref={menu} className="group open:basis-full" onToggle={(e) => setOpen(e.currentTarget.open)}>
			<summary ref={summary} className="btn btn-ghost btn-sm min-h-6" aria-describedby={describedBy}>
				Add to list
			</summary>
			<div className="mt-1 rounded-box bg-base-200 p-2">
				{lists.isPending ? (
					<p className="p-2 text-sm" role="status">
						<span className="loading loading-spinner loading-xs" aria-hidden="true" /> Loading your lists…
					</p>
				) : lists.isError ? (
					<p className="p-2 text-sm text-error" role="alert">
						Your lists could not be loaded.{" "}
						<button type="button" className="link" onClick={() => void lists.refetch()}>
							Try again
						</button>
					</p>
				) : lists.data.length === 0 ? (
					<Link to="/lists" className="btn btn-sm btn-outline w-full">
						Make a shopping list
					</Link>
				) : (
					<ul className="menu menu-sm w-full p-0">
						{lists.data.map((list) => (
							<li key={list.id}>
								<AddTo
									list={list}
									product={product}
									onDone={() => {
										// Closed, the focus goes back where the shopper opened it, not to the page's top.
										if (menu.current) menu.current.open = false;
										summary.current?.focus();
									}}
								/>
							</li>
						))}
					</ul>
				)}
			</div>
		</details>
	);
}

function AddTo({
	list,
	product,
	onDone,
}: {
	list: { id: number; name: string };
	product: ListProduct;
	onDone: () => void;
}) {
	const { addProduct, busy } = useAddProduct({ id: String(list.id), name: list.name });
	return (
		<button type="button" className="break-words" disabled={busy} onClick={() => addProduct(product, onDone)}>
			{list.name}
		</button>
	);
}
