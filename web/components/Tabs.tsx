import { type ReactNode, useId } from "react";

/** An accessible tab strip (daisyUI's boxed tabs) and the panel of the chosen tab. */
export function Tabs<T extends string>({
	label,
	tabs,
	value,
	onChange,
	children,
}: {
	label: string;
	tabs: readonly { id: T; label: string }[];
	value: T;
	onChange: (id: T) => void;
	children: ReactNode;
}) {
	const base = useId();
	const tabId = (id: T) => `${base}-tab-${id}`;
	const panelId = `${base}-panel`;
	return (
		<>
			<div
				role="tablist"
				aria-label={label}
				onKeyDown={(event) => {
					// Arrow keys move between tabs (wrapping), Home and End to the ends: the ARIA tabs pattern
					// screen-reader and keyboard users expect of a tablist.
					const index = tabs.findIndex((t) => t.id === value);
					const target = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 }[event.key];
					if (target === undefined) return;
					event.preventDefault(); // Home and End would also scroll the page
					const next = tabs[(target + tabs.length) % tabs.length];
					if (!next) return;
					onChange(next.id);
					document.getElementById(tabId(next.id))?.focus();
				}}
				className="tabs tabs-box grid"
				style={{ gridTemplateColumns: `repeat(${tabs.length}, minmax(0, 1fr))` }}
			>
				{tabs.map((t) => (
					<button
						key={t.id}
						type="button"
						role="tab"
						id={tabId(t.id)}
						aria-selected={value === t.id}
						aria-controls={panelId}
						tabIndex={value === t.id ? 0 : -1}
						// daisyUI draws an unselected tab at half the text colour, under 4.5:1 contrast on the box: 75% reads.
						className={`tab ${value === t.id ? "tab-active" : "text-base-content/75 hover:text-base-content"}`}
						onClick={() => onChange(t.id)}
					>
						{t.label}
					</button>
				))}
			</div>
			<div role="tabpanel" id={panelId} aria-labelledby={tabId(value)}>
				{children}
			</div>
		</>
	);
}
