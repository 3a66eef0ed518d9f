import { type ReactNode, useId } from "react";

export type Choice<T extends string> = { value: T; label: string; hint?: ReactNode };

/**
 * A labelled group of radios (a fieldset and its legend), each choice a card a thumb can hit: arrow keys move
 * between them, and a choice's hint is read with it (aria-describedby) rather than as part of its name.
 */
export function ChoiceGroup<T extends string>({
	legend,
	name,
	choices,
	value,
	onChange,
}: {
	legend: string;
	name: string;
	choices: readonly Choice<T>[];
	value: T;
	onChange: (value: T) => void;
}) {
	const id = useId();
	// Short choices sit side by side even on a phone; ones with a hint need the width.
	const columns = choices.some((choice) => choice.hint) ? "grid-cols-1 sm:grid-cols-2" : "grid-cols-2";
	return (
		<fieldset className="flex min-w-0 flex-col gap-1">
			<legend className="mb-1 text-sm font-medium">{legend}</legend>
			<div className={`grid gap-2 ${columns}`}>
				{choices.map((choice) => {
					const hintId = choice.hint ? `${id}-${choice.value}-hint` : undefined;
					return (
						<div
							key={choice.value}
							className={`rounded-box border p-3 ${value === choice.value ? "border-primary bg-primary/5" : "border-base-300"}`}
						>
							<label className="flex cursor-pointer items-center gap-2 text-sm font-medium">
								<input
									type="radio"
									className="radio radio-primary radio-sm"
									name={name}
									value={choice.value}
									checked={value === choice.value}
									onChange={() => onChange(choice.value)}
									aria-describedby={hintId}
								/>
								{choice.label}
							</label>
							{choice.hint && (
								<p id={hintId} className="mt-1 pl-7 text-xs text-base-content/70">
									{choice.hint}
								</p>
							)}
						</div>
					);
				})}
			</div>
		</fieldset>
	);
}
