import { useTranslations } from "next-intl";

export function ProgressBar({
  label,
  done,
  total,
  status,
}: {
  label: string;
  done: number;
  total: number;
  status: string;
}) {
  const t = useTranslations("submissions");
  const pct = total > 0 ? Math.round((100 * done) / total) : status === "DONE" || status === "SKIPPED" ? 100 : 0;
  const color =
    status === "FAILED"
      ? "bg-red-600"
      : status === "SKIPPED"
        ? "bg-slate-400"
        : status === "DONE"
          ? "bg-green-600"
          : "bg-blue-600";
  return (
    <div className="space-y-1">
      <div className="flex justify-between text-sm">
        <span className="font-medium">{label}</span>
        <span className="tabular-nums text-slate-600 dark:text-slate-400">
          {t.has(`stateLabels.${status}` as never) ? t(`stateLabels.${status}` as never) : status.toLowerCase()}
          {total > 0 ? ` · ${done}/${total}` : ""}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={t("progressOf", { label })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
        className="h-2 w-full overflow-hidden rounded bg-slate-200 dark:bg-slate-800"
      >
        <div className={`h-full ${color}`} style={{ width: `${pct}%` }} />
      </div>
    </div>
  );
}
