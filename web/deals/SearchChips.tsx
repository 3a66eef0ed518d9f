import { Link } from "@tanstack/react-router";
import { useId } from "react";
import { CheckIcon } from "../components/icons.tsx";
import type { ChipFilter } from "./homeState.ts";

/** What a filter is called on its chip and in what the search says ("No Groceries deals found"). */
export const FILTER_LABEL: Record<ChipFilter, string> = {
	groceries: "Groceries",
	electronics: "Electronics",
	restaurants: "Restaurants",
};

const CHIP = "btn btn-sm rounded-full";
const UNPRESSED = "btn-outline border-base-300 font-normal";

function FilterChip({
	filter,
	pressed,
	onToggle,
}: {
	filter: ChipFilter;
	pressed: boolean;
	onToggle: (filter: ChipFilter) => void;
}) {
	return (
		<button
			type="button"
			aria-pressed={pressed}
			className={`${CHIP} ${pressed ? "btn-primary" : UNPRESSED}`}
			onClick={() => onToggle(filter)}
		>
			{pressed && <CheckIcon className="size-4" />}
			{FILTER_LABEL[filter]}
		</button>
	);
}

/**
 * The quick chips (spec §2): Groceries, Electronics and Restaurants are toggles that filter the search
 * by their category group, with or without words, and a second tap clears the filter; Gas has a page of its
 * own, so its chip is a link there.
 */
export function SearchChips({
	filter,
	onToggle,
}: {
	filter: ChipFilter | null;
	onToggle: (filter: ChipFilter) => void;
}) {
	const chip = (f: ChipFilter) => <FilterChip filter={f} pressed={filter === f} onToggle={onToggle} />;
	return (
		<ul className="flex flex-wrap gap-2" aria-label="Quick searches">
			<li>{chip("groceries")}</li>
			<li>{chip("electronics")}</li>
			<li>
				<Link to="/gas" className={`${CHIP} ${UNPRESSED}`}>
					Gas
				</Link>
			</li>
			<li>{chip("restaurants")}</li>
		</ul>
	);
}

/**
 * What the results are filtered by, beside them: a chip kept from an earlier visit (the search outlives a
 * reload) would otherwise narrow every search silently. The button drops the filter and keeps the words.
 */
export function ActiveFilter({ filter, onClear }: { filter: ChipFilter; onClear: () => void }) {
	const id = useId();
	return (
		<div
			className="flex flex-wrap items-center gap-x-1 rounded-box bg-base-100 px-4 py-1 text-sm shadow-sm"
			data-testid="active-filter"
		>
			<CheckIcon className="size-4 shrink-0 text-primary" />
			<span id={id}>In {FILTER_LABEL[filter]}</span>
			<span aria-hidden="true">·</span>
			<button type="button" className="btn btn-sm btn-ghost px-2" aria-describedby={id} onClick={onClear}>
				Clear filter
			</button>
		</div>
	);
}
