import { useQuery } from "@tanstack/react-query";
import { categoriesQuery } from "../api/categories.ts";
import { SelectField } from "./fields.tsx";

export const CATEGORIES_FAILED_MESSAGE = "Failed to fetch categories";

/**
 * The Category select of the report and alert forms: the categories once they load, and under the field why
 * they did not. `anyLabel` names the empty choice ("Choose a category", "Any category").
 */
export function CategorySelect({
	value,
	onChange,
	errors,
	anyLabel,
	hint,
	required,
}: {
	value: string;
	onChange: (categoryId: string) => void;
	errors?: string[];
	anyLabel: string;
	hint?: string;
	required?: boolean;
}) {
	const categories = useQuery(categoriesQuery);
	return (
		<SelectField
			label="Category"
			name="categoryId"
			hint={hint}
			value={value}
			onChange={(e) => onChange(e.target.value)}
			errors={errors ?? (categories.isError ? [CATEGORIES_FAILED_MESSAGE] : undefined)}
			disabled={!categories.data}
			required={required}
		>
			<option value="">{categories.isPending ? "Loading categories…" : anyLabel}</option>
			{categories.data?.map((c) => (
				<option key={c.id} value={c.id}>
					{c.name}
				</option>
			))}
		</SelectField>
	);
}
