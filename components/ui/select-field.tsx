import clsx from "clsx";
import type { ReactNode, SelectHTMLAttributes } from "react";
import { CONTROL, LABEL } from "./control";
import { describedByOf, FieldNotes } from "./field-notes";

// Label, select, hint and error in one place, wired with ids the way Field wires an input.

type SelectOption = readonly [value: string, text: ReactNode];

type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, "children"> & {
  label: ReactNode;
  name: string;
  options: readonly SelectOption[];
  variant?: keyof typeof CONTROL;
  hint?: ReactNode;
  error?: ReactNode;
  className?: string;
  selectClassName?: string;
};

export function SelectField({
  label,
  name,
  id = `f-${name}`,
  options,
  variant = "filter",
  hint,
  error,
  className,
  selectClassName,
  ...rest
}: SelectFieldProps) {
  const describedBy = describedByOf(id, hint, error);
  return (
    <div className={className}>
      <label htmlFor={id} className={LABEL[variant]}>
        {label}
      </label>
      <select
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={clsx(CONTROL[variant], selectClassName)}
        {...rest}
      >
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}
