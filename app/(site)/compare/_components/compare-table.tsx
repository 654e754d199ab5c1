import { useLocale, useTranslations } from "next-intl";
import { formatter } from "@/lib/i18n/format";
import type { PairedResult } from "@/lib/server/leaderboard/compare";
import { useScopeLabel } from "@/components/entries/labels";

/** A minus B per scope, with the paired-bootstrap CI; a CI excluding 0 marks a real difference. */
export function CompareTable({ results, nameA, nameB }: { results: PairedResult[]; nameA: string; nameB: string }) {
  const t = useTranslations("compare");
  const f = formatter(useLocale());
  const scopeLabel = useScopeLabel();
  return (
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={t("versus", { a: nameA, b: nameB })}>
      <table className="min-w-full text-sm" data-testid="compare-table">
        <caption className="sr-only">{t("table.caption", { a: nameA, b: nameB })}</caption>
        <thead>
          <tr className="border-b border-slate-300 text-right dark:border-slate-700">
            <th scope="col" className="px-2 py-1 text-left">{t("table.scope")}</th>
            <th scope="col" className="px-2 py-1">{t("table.n")}</th>
            <th scope="col" className="px-2 py-1">{t("table.colA", { name: nameA })}</th>
            <th scope="col" className="px-2 py-1">{t("table.colB", { name: nameB })}</th>
            <th scope="col" className="px-2 py-1">{t("table.diff")}</th>
            <th scope="col" className="px-2 py-1">{t("table.ci")}</th>
            <th scope="col" className="px-2 py-1">{t("table.p")}</th>
            <th scope="col" className="px-2 py-1 text-left">{t("table.verdict")}</th>
          </tr>
        </thead>
        <tbody>
          {results.map((r) => {
            const significant = r.ciLow > 0 || r.ciHigh < 0;
            return (
              <tr key={r.scope} className="border-b border-slate-100 text-right tabular-nums dark:border-slate-800">
                <th scope="row" className="px-2 py-1 text-left font-normal">
                  {r.scope === "ALL" ? <strong>{scopeLabel("ALL")}</strong> : <abbr title={scopeLabel(r.scope)}>{r.scope}</abbr>}
                </th>
                <td className="px-2 py-1">{f.integer(r.n)}</td>
                <td className="px-2 py-1">{f.score(r.meanA)}</td>
                <td className="px-2 py-1">{f.score(r.meanB)}</td>
                <td className="px-2 py-1">{r.diff >= 0 ? "+" : ""}{f.score(r.diff)}</td>
                <td className="px-2 py-1">{f.ci(r.ciLow, r.ciHigh)}</td>
                <td className="px-2 py-1">{r.pValue < 0.001 ? `<${f.score(0.001)}` : f.score(r.pValue)}</td>
                <td className="px-2 py-1 text-left">{significant ? (r.diff > 0 ? t("table.aBetter") : t("table.bBetter")) : t("table.noDifference")}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
