import { useId } from "react";
import type { Category } from "../api/categories.ts";

/** The chosen category's tags as toggle chips (buttons with aria-pressed, so Tab and Space work). */
export function TagPicker({
	category,
	chosen,
	onChange,
	disabled,
}: {
	category: Category | undefined;
	chosen: readonly string[];
	onChange: (tags: string[]) => void;
	disabled?: boolean;
}) {
	const id = useId();
	const toggle = (slug: string) =>
		onChange(chosen.includes(slug) ? chosen.filter((s) => s !== slug) : [...chosen, slug]);
	return (
		<div className="flex flex-col gap-1">
			<span id={id} className="text-sm font-medium">
				Tags <span className="font-normal text-base-content/70">(optional)</span>
			</span>
			{!category ? (
				<p className="text-sm text-base-content/70">Choose a category to see its tags.</p>
			) : category.tags.length === 0 ? (
				<p className="text-sm text-base-content/70">{category.name} has no tags.</p>
			) : (
				// biome-ignore lint/a11y/useSemanticElements: a row of toggle buttons, laid out as one; a fieldset would need a legend
				<div role="group" aria-labelledby={id} className="flex flex-wrap gap-2">
					{category.tags.map((tag) => {
						const on = chosen.includes(tag.slug);
						return (
							<button
								key={tag.slug}
								type="button"
								aria-pressed={on}
								disabled={disabled}
								onClick={() => toggle(tag.slug)}
								className={`btn btn-sm rounded-full ${on ? "btn-primary" : "btn-outline border-base-300 font-normal"}`}
							>
								{tag.name}
							</button>
						);
					})}
				</div>
			)}
		</div>
	);
}
