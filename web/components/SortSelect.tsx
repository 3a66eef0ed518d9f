import { useId } from "react";

/** A list's order, as a labelled select: "Sort by" on the deals, "Sort stations" on the gas page. */
export function SortSelect<T extends string>({
	label,
	options,
	value,
	onChange,
}: {
	label: string;
	options: readonly { value: T; label: string }[];
	value: T;
	onChange: (value: T) => void;
}) {
	const id = useId();
	return (
		<div className="flex items-center gap-2 text-sm">
			<label htmlFor={id} className="whitespace-nowrap text-base-content/70">
				{label}
			</label>
			<select id={id} className="select select-sm w-auto" value={value} onChange={(e) => onChange(e.target.value as T)}>
				{options.map((o) => (
					<option key={o.value} value={o.value}>
						{o.label}
					</option>
				))}
			</select>
		</div>
	);
}
