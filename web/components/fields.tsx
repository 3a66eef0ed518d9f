/**
 * Form state and labelled controls without a validation library: the landing's sign-in form uses these and
 * loads its rules on demand (see ./form.tsx for the valibot side). Errors appear after the first submit and
 * then follow every change.
 */
import {
	type InputHTMLAttributes,
	type ReactNode,
	type SelectHTMLAttributes,
	type TextareaHTMLAttributes,
	useId,
	useState,
} from "react";

export type FieldErrors<K extends string> = Partial<Record<K, string[]>>;

/** What a form needs from its schema: the messages per field, and the parsed output of valid values. */
export type FormRules<V, O> = { errors(values: V): FieldErrors<keyof V & string>; parse(values: V): O };

/** The fields of a form that hold text: the ones an input, select or textarea edits as typed. */
type TextKey<V> = { [P in keyof V & string]: V[P] extends string ? P : never }[keyof V & string];

/** Values kept outside the form (in an atom, say), so they outlive it; the form's own state otherwise. */
export type KeptValues<V> = readonly [values: V, setValues: (values: V) => void];

/** Values and errors of a form; `rules` may arrive later (null until then, when nothing is checked). */
export function useFormState<V extends Record<string, unknown>, O>(
	rules: FormRules<V, O> | null,
	initial: V,
	kept?: KeptValues<V>,
) {
	type K = keyof V & string;
	const own = useState(initial);
	const [values, setValues] = kept ?? own;
	const [errors, setErrors] = useState<FieldErrors<K>>({});
	const [submitted, setSubmitted] = useState(false);

	/** Changes several fields at once (a switch that also clears another field, say). */
	const update = (patch: Partial<V>) => {
		const next = { ...values, ...patch };
		setValues(next);
		if (submitted && rules) setErrors(rules.errors(next));
	};
	const set = <F extends K>(key: F, value: V[F]) => update({ [key]: value } as unknown as Partial<V>);

	/** One text field's wiring for a control: its name, value, what a change does and its errors. */
	const field = <F extends TextKey<V>>(name: F) => ({
		name,
		value: values[name] as string,
		onChange: (event: { target: { value: string } }) => set(name as K, event.target.value as V[K]),
		errors: errors[name as K],
	});

	/** Validates everything; returns the parsed output, or null after showing the errors. */
	const check = (using: FormRules<V, O> | null = rules): O | null => {
		if (!using) return null;
		setSubmitted(true);
		const found = using.errors(values);
		setErrors(found);
		const names = Object.keys(found);
		if (names.length > 0) {
			focusFirst(names.map((name) => `[name="${name}"]`).join(","));
			return null;
		}
		return using.parse(values);
	};

	/** Shows the server's per-field issues (`{path, message}`) on the fields they name. */
	const showIssues = (issues: readonly { path: string; message: string }[]) => {
		const out: FieldErrors<K> = {};
		for (const { path, message } of issues) {
			if (path in values) out[path as K] = [...(out[path as K] ?? []), message];
		}
		setErrors(out);
	};

	/** Back to the initial values, but for `keep` (a form that stays open for the next entry keeps its context). */
	const reset = (keep: Partial<V> = {}) => {
		setValues({ ...initial, ...keep });
		setErrors({});
		setSubmitted(false);
	};

	return { values, errors, set, update, field, check, showIssues, reset };
}

type ControlProps = { id: string; name: string; "aria-invalid"?: true; "aria-describedby"?: string };

/** The label, hint and errors of one control, wired for screen readers; the control itself is rendered by `children`. */
export function FieldFrame({
	label,
	name,
	errors,
	hint,
	children,
}: {
	label: ReactNode;
	name: string;
	errors?: string[];
	hint?: ReactNode;
	children: (control: ControlProps) => ReactNode;
}) {
	const id = useId();
	const hintId = `${id}-hint`;
	const errorId = `${id}-errors`;
	const invalid = Boolean(errors?.length);
	const describedBy = [hint ? hintId : null, invalid ? errorId : null].filter(Boolean).join(" ") || undefined;
	return (
		<div className="flex flex-col gap-1">
			<label htmlFor={id} className="text-sm font-medium">
				{label}
			</label>
			{children({ id, name, "aria-invalid": invalid || undefined, "aria-describedby": describedBy })}
			{hint && (
				<p id={hintId} className="text-xs text-base-content/70">
					{hint}
				</p>
			)}
			{invalid && (
				<ul id={errorId} className="text-sm text-error" data-testid={`${name}-errors`}>
					{errors?.map((message) => (
						<li key={message}>{message}</li>
					))}
				</ul>
			)}
		</div>
	);
}

type Framed = { label: ReactNode; name: string; errors?: string[]; hint?: ReactNode };
type FieldProps = InputHTMLAttributes<HTMLInputElement> & Framed & { trailing?: ReactNode };

/** A labelled input with its hint and errors. */
export function Field({ label, name, errors, hint, trailing, className, ...input }: FieldProps) {
	return (
		<FieldFrame label={label} name={name} errors={errors} hint={hint}>
			{(control) => (
				<div className="flex items-center gap-2">
					<input
						{...control}
						className={`input w-full ${errors?.length ? "input-error" : ""} ${className ?? ""}`}
						{...input}
					/>
					{trailing}
				</div>
			)}
		</FieldFrame>
	);
}

/** An input's props for a price in dollars to `decimals` places: cents (2), or fuel's tenths of a cent (3). */
export const priceInput = (decimals: 2 | 3) => ({
	type: "number",
	inputMode: "decimal" as const,
	step: (10 ** -decimals).toFixed(decimals),
	min: "0",
	placeholder: (0).toFixed(decimals),
});

/** A labelled select with its hint and errors. */
export function SelectField({
	label,
	name,
	errors,
	hint,
	className,
	children,
	...select
}: SelectHTMLAttributes<HTMLSelectElement> & Framed) {
	return (
		<FieldFrame label={label} name={name} errors={errors} hint={hint}>
			{(control) => (
				<select
					{...control}
					className={`select w-full ${errors?.length ? "select-error" : ""} ${className ?? ""}`}
					{...select}
				>
					{children}
				</select>
			)}
		</FieldFrame>
	);
}

/** A labelled textarea with its hint and errors. */
export function TextAreaField({
	label,
	name,
	errors,
	hint,
	className,
	...textarea
}: TextareaHTMLAttributes<HTMLTextAreaElement> & Framed) {
	return (
		<FieldFrame label={label} name={name} errors={errors} hint={hint}>
			{(control) => (
				<textarea
					{...control}
					className={`textarea w-full ${errors?.length ? "textarea-error" : ""} ${className ?? ""}`}
					{...textarea}
				/>
			)}
		</FieldFrame>
	);
}

/**
 * The first wrong field on the screen (a selector list matches in document order), not in the schema's order:
 * in the form being sent (it has the focus, or holds the clicked button), and never a field another form
 * kept mounted but hidden (the Deals home keeps its Report Prices form, with its own Product name).
 */
function focusFirst(selector: string) {
	const scope = document.activeElement?.closest("form") ?? document;
	const fields = [...scope.querySelectorAll<HTMLElement>(selector)];
	fields.find((field) => field.checkVisibility())?.focus();
}
