import type { InputHTMLAttributes } from "react";
import { CONTROL, LABEL } from "./control";
import { describedByOf, FieldNotes } from "./field-notes";

type FieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  name: string;
  variant?: keyof typeof CONTROL;
  error?: string;
  hint?: string;
};

export function Field({
  label,
  name,
  id = `f-${name}`,
  variant = "form",
  error,
  hint,
  className,
  ...rest
}: FieldProps) {
  const describedBy = describedByOf(id, hint, error);
  return (
    <div className={className}>
      <label htmlFor={id} className={LABEL[variant]}>
        {label}
        {rest.required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <input
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={CONTROL[variant]}
        {...rest}
      />
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}
