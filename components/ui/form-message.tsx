import clsx from "clsx";
import type { ReactNode } from "react";

// An error is an alert (read out at once), a success a status.
const LOOK = {
  inline: { error: "text-sm text-red-700 dark:text-red-300", success: "text-sm" },
  banner: {
    error:
      "rounded border border-red-300 bg-red-50 px-3 py-2 text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200",
    success: "rounded border border-green-300 bg-green-50 p-3 text-sm dark:border-green-800 dark:bg-green-950",
  },
} as const;

type Props = {
  error?: ReactNode;
  success?: ReactNode;
  look?: keyof typeof LOOK;
  /** "span" inside phrasing content (a button's wrapper); "div" for a success with blocks in it. */
  as?: "p" | "span" | "div";
  id?: string;
  className?: string;
  "data-testid"?: string;
};

export function FormMessage({
  error,
  success,
  look = "inline",
  as: Tag = "p",
  id,
  className,
  "data-testid": testId,
}: Props) {
  if (error)
    return (
      <Tag id={id} role="alert" className={clsx(LOOK[look].error, className)} data-testid={testId}>
        {error}
      </Tag>
    );
  if (success)
    return (
      <Tag id={id} role="status" className={clsx(LOOK[look].success, className)} data-testid={testId}>
        {success}
      </Tag>
    );
  return null;
}
