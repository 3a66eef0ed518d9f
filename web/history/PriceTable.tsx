import { useId, useState } from "react";
import { dayOf } from "./words.ts";

export type PriceRow = { id: number; reportedAt: string; price: number; store?: string };

/**
 * The chart's figures as a table, behind a toggle: every reported price, newest first, with its day (and its
 * store, on a product's page). What a screen reader, or anyone who wants the exact figures, reads.
 */
export function PriceTable({
	caption,
	rows,
	formatPrice,
}: {
	caption: string;
	rows: readonly PriceRow[];
	formatPrice: (value: number) => string;
}) {
	const [shown, setShown] = useState(false);
	const tableId = useId();
	const withStore = rows.some((r) => r.store !== undefined);
	const newestFirst = [...rows].sort((a, b) => Date.parse(b.reportedAt) - Date.parse(a.reportedAt));
	return (
		<div className="flex flex-col gap-2">
			<button
				type="button"
				className="btn btn-sm btn-outline self-start"
				aria-expanded={shown}
				aria-controls={tableId}
				onClick={() => setShown(!shown)}
			>
				{shown ? "Hide table" : "Show as table"}
			</button>
			<div id={tableId} hidden={!shown} className="max-h-96 overflow-auto rounded-box border border-base-300">
				{shown && (
					<table className="table table-sm table-pin-rows" data-testid="history-table">
						<caption className="sr-only">{caption}</caption>
						<thead className="text-base-content/80">
							<tr>
								<th scope="col">Date</th>
								{withStore && <th scope="col">Store</th>}
								<th scope="col" className="text-right">
									Price
								</th>
							</tr>
						</thead>
						<tbody>
							{newestFirst.map((r) => (
								<tr key={r.id}>
									<td className="whitespace-nowrap">
										<time dateTime={r.reportedAt}>{dayOf(r.reportedAt)}</time>
									</td>
									{withStore && <td className="wrap-anywhere">{r.store}</td>}
									<td className="text-right tabular-nums">{formatPrice(r.price)}</td>
								</tr>
							))}
						</tbody>
					</table>
				)}
			</div>
		</div>
	);
}
