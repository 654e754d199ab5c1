import { useLocale, useTranslations } from "next-intl";
import { formatter } from "@/lib/i18n/format";
import { CATEGORIES } from "@/lib/scoring/types";
import type { Standing, StandingRow } from "@/lib/server/leaderboard/entry-standing";
import { useMetricLabel, useScopeLabel } from "@/components/entries/labels";

const below = (r: StandingRow) => r.cell !== null && r.reference !== null && r.cell.value < r.reference;

/** One split: score with interval, rank among ranked entries (ties marked), best and median. */
export function StandingTable({ standing }: { standing: Standing }) {
  const { split, metric, rows } = standing;
  const t = useTranslations("entry.standing");
  const ts = useTranslations("splits");
  const f = formatter(useLocale());
  const label = useScopeLabel();
  const splitName = ts(split);
  const metricName = useMetricLabel()(metric);
  return (
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={t("region", { split: splitName })}>
      <table className="min-w-full border-collapse text-sm" data-testid={`standing-${split}`}>
        <caption className="mb-1 text-left font-semibold">{t("caption", { split: splitName, metric: metricName })}</caption>
        <thead>
          <tr className="border-b border-slate-300 text-right dark:border-slate-700">
            <th scope="col" className="px-2 py-1 text-left">{t("scope")}</th>
            <th scope="col" className="px-2 py-1">{t("score")}</th>
            <th scope="col" className="px-2 py-1">{t("rank")}</th>
            <th scope="col" className="px-2 py-1">{t("best")}</th>
            <th scope="col" className="px-2 py-1">{t("median")}</th>
            <th scope="col" className="px-2 py-1" title={t("referenceTitle")}>{t("reference")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.scope} className="border-b border-slate-100 text-right tabular-nums dark:border-slate-800" data-scope={r.scope}>
              <th scope="row" className={`px-2 py-1 text-left font-normal ${r.scope in CATEGORIES ? "pl-6" : "font-medium"}`}>
                {r.scope in CATEGORIES ? <><abbr title={label(r.scope)}>{r.scope}</abbr> <span className="text-xs text-slate-600 dark:text-slate-400">{label(r.scope)}</span></> : label(r.scope)}
              </th>
              <td className="px-2 py-1" data-below-reference={below(r) ? "" : undefined}>
                <span title={below(r) ? t("belowReference") : undefined}>{f.score(r.cell?.value)}</span>{" "}
                <span className="text-xs text-slate-600 dark:text-slate-400">{f.ci(r.cell?.ciLow, r.cell?.ciHigh)}</span></td>
              <td className="px-2 py-1" data-testid={`rank-${split}-${r.scope}`}>{r.rank === null ? "–" : t("rankOf", { rank: f.integer(r.rank), tied: String(r.tied), of: f.integer(r.of) })}</td>
              <td className="px-2 py-1">{f.score(r.best)}</td>
              <td className="px-2 py-1">{f.score(r.median)}</td>
              <td className="px-2 py-1 italic" data-testid={`reference-${split}-${r.scope}`}>{f.score(r.reference)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
