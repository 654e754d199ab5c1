import { useTranslations } from "next-intl";

const STYLES: Record<string, string> = {
  SCORED: "bg-green-100 text-green-900 dark:bg-green-900 dark:text-green-100",
  FAILED: "bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-100",
  APPROVED: "bg-green-100 text-green-900 dark:bg-green-900 dark:text-green-100",
  REJECTED: "bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-100",
  WITHDRAWN: "bg-slate-200 text-slate-900 dark:bg-slate-700 dark:text-slate-100",
};

/** Status or review state as a pill; the text always carries the meaning, colour only reinforces it. */
export function StatusBadge({ value, testId }: { value: string; testId?: string }) {
  const t = useTranslations("submissions.stateLabels");
  // A state added later without a message still reads (lower-cased code) instead of failing.
  const label = t.has(value as never) ? t(value as never) : value.toLowerCase();
  return (
    <span
      data-testid={testId}
      className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium ${STYLES[value] ?? "bg-blue-100 text-blue-900 dark:bg-blue-900 dark:text-blue-100"}`}
    >
      {label}
    </span>
  );
}
