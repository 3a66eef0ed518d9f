/**
 * Forms validated by the same valibot schemas the server uses, so both speak the spec's messages.
 * Errors appear after the first submit and then follow every keystroke.
 */
import { type InputHTMLAttributes, type ReactNode, useCallback, useId, useState } from "react";
import * as v from "valibot";

export type FieldErrors<K extends string> = Partial<Record<K, string[]>>;

export function useForm<S extends v.GenericSchema, K extends string>(schema: S, initial: Record<K, string>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<K>>({});
  const [submitted, setSubmitted] = useState(false);

  const validate = useCallback(
    (next: Record<K, string>): FieldErrors<K> => {
      const result = v.safeParse(schema, next);
      if (result.success) return {};
      const nested = v.flatten<S>(result.issues).nested as Record<string, string[] | undefined>;
      const out: FieldErrors<K> = {};
      for (const [key, messages] of Object.entries(nested)) {
        if (!messages?.length) continue;
        // "X is required" says it all; the other rules of an empty field would only repeat it.
        out[key as K] = /required/i.test(messages[0] ?? "") ? messages.slice(0, 1) : messages;
      }
      return out;
    },
    [schema],
  );

  const set = (key: K, value: string) => {
    const next = { ...values, [key]: value };
    setValues(next);
    if (submitted) setErrors(validate(next));
  };

  /** Validates everything; returns the parsed output, or null after showing the errors. */
  const check = (): v.InferOutput<S> | null => {
    setSubmitted(true);
    const found = validate(values);
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) {
      document.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return null;
    }
    return v.parse(schema, values);
  };

  const reset = () => {
    setValues(initial);
    setErrors({});
    setSubmitted(false);
  };

  return { values, errors, set, check, reset };
}

type FieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  name: string;
  errors?: string[];
  hint?: ReactNode;
  trailing?: ReactNode;
};

/** A labelled input with its hint and errors wired for screen readers. */
export function Field({ label, name, errors, hint, trailing, className, ...input }: FieldProps) {
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
      <div className="flex items-center gap-2">
        <input
          id={id}
          name={name}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          className={`input w-full ${invalid ? "input-error" : ""} ${className ?? ""}`}
          {...input}
        />
        {trailing}
      </div>
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
