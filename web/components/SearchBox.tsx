import type { InputHTMLAttributes, ReactNode } from "react";
import { SearchIcon } from "./icons.tsx";

type SearchBoxProps = Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "value" | "onChange"> & {
	id: string;
	label: string;
	value: string;
	onChange: (text: string) => void;
};

/** A search input with its magnifier, named by a label only screen readers see. */
export function SearchBox({ id, label, value, onChange, ...input }: SearchBoxProps) {
	return (
		<>
			<label htmlFor={id} className="sr-only">
				{label}
			</label>
			<div className="input w-full">
				<SearchIcon className="size-4 opacity-60" />
				<input id={id} type="search" value={value} onChange={(e) => onChange(e.target.value)} {...input} />
			</div>
		</>
	);
}

/** A search landmark named `name`: a form whose submit runs `onSearch` instead of loading a page. */
export function SearchForm({
	name,
	className,
	onSearch,
	children,
}: {
	name: string;
	className: string;
	onSearch?: () => void;
	children: ReactNode;
}) {
	return (
		// biome-ignore lint/a11y/useSemanticElements: the <search> element is newer than some browsers we serve
		<form
			role="search"
			aria-label={name}
			className={className}
			onSubmit={(e) => {
				e.preventDefault();
				onSearch?.();
			}}
		>
			{children}
		</form>
	);
}
