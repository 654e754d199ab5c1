import { useLocale, useTranslations } from "next-intl";
import { formatter } from "@/lib/i18n/format";
import { CATEGORIES, CATEGORY_CODES, MAIN_TYPES } from "@/lib/scoring/types";
import type { ScoreRowView } from "@/lib/server/scores/score-rows";
import { useScopeLabel, useMetricLabel } from "@/components/entries/labels";

/** Dyadic minus multi-party per scope (micro): how much the method loses with more speakers. */
export function SplitGap({ rows, metric }: { rows: ScoreRowView[]; metric: string }) {
  const t = useTranslations("entry.splitGap");
  const ts = useTranslations("splits");
  const f = formatter(useLocale());
  const scopeLabel = useScopeLabel();
  const metricName = useMetricLabel()(metric);
  const get = (split: string, scope: string) => rows.find((r) => r.split === split && r.scope === scope && r.metric === metric && r.aggregate === "micro");
  const scopes = ["ALL", ...MAIN_TYPES, ...CATEGORY_CODES].filter((s) => get("dyadic", s) && get("multi-party", s));
  if (scopes.length === 0) return <p>{t("none", { metric: metricName })}</p>;
  return (
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={t("region")}>
      <table className="min-w-full border-collapse text-sm" data-testid="split-gap">
        <caption className="mb-1 text-left font-semibold">{t("caption", { metric: metricName })}</caption>
        <thead>
          <tr className="border-b border-slate-300 text-right dark:border-slate-700">
            <th scope="col" className="px-2 py-1 text-left">{t("scope")}</th>
            <th scope="col" className="px-2 py-1">{ts("dyadic")}</th>
            <th scope="col" className="px-2 py-1">{ts("multi-party")}</th>
            <th scope="col" className="px-2 py-1">{t("gap")}</th>
          </tr>
        </thead>
        <tbody>
          {scopes.map((s) => {
            const d = get("dyadic", s)!.value;
            const m = get("multi-party", s)!.value;
            const name = scopeLabel(s);
            return (
              <tr key={s} className="border-b border-slate-100 text-right tabular-nums dark:border-slate-800">
                <th scope="row" className="px-2 py-1 text-left font-normal">{s in CATEGORIES ? <abbr title={name}>{s}</abbr> : name}</th>
                <td className="px-2 py-1">{f.score(d)}</td>
                <td className="px-2 py-1">{f.score(m)}</td>
                <td className="px-2 py-1">{d - m >= 0 ? "+" : ""}{f.score(d - m)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
