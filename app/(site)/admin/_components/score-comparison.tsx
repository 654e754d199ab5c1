import { useTranslations } from "next-intl";
import { fmt } from "@/components/ui/format";
import { CATEGORY_CODES, MAIN_TYPES } from "@/lib/scoring/types";
import type { Comparator } from "@/lib/server/review/review-detail";
import type { ScoreRowView } from "@/lib/server/scores/score-rows";

const SPLITS = ["overall", "dyadic", "multi-party"] as const;
const SCOPES = ["ALL", ...MAIN_TYPES, ...CATEGORY_CODES] as const;

const cell = (rows: ScoreRowView[], split: string, scope: string, metric: string) => rows.find((r) => r.split === split && r.scope === scope && r.metric === metric && r.aggregate === "micro")?.value;

/** Micro scores per split and scope: this submission next to the top approved entries and the baselines. */
export function ScoreComparison({ rows, comparators, metric }: { rows: ScoreRowView[]; comparators: Comparator[]; metric: "f1" | "judge" }) {
  const t = useTranslations("admin.comparison");
  const m = useTranslations("common.metrics");
  const ts = useTranslations("splits");
  if (rows.length === 0) return <p className="text-sm">{t("none", { metric: m(metric) })}</p>;
  return (
    // Focusable so keyboard users can scroll a wide table (axe: scrollable-region-focusable).
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={t("regionLabel", { metric: m(metric) })}>
      <table className="min-w-full text-sm tabular-nums" data-testid={`compare-${metric}`}>
        <caption className="text-left font-medium">{t("caption", { metric: m(metric) })}</caption>
        <thead>
          <tr className="border-b border-slate-300 text-left dark:border-slate-700">
            <th scope="col" className="px-2 py-1">{t("colScope")}</th>
            <th scope="col" className="px-2 py-1">{t("colThis")}</th>
            {comparators.map((c) => (
              <th key={c.id} scope="col" className="px-2 py-1">{c.methodName}{c.isBaseline ? t("baseline") : ""}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {SPLITS.flatMap((split) =>
            SCOPES.filter((scope) => cell(rows, split, scope, metric) !== undefined).map((scope) => (
              <tr key={`${split}-${scope}`} className="border-b border-slate-100 dark:border-slate-800">
                <th scope="row" className="px-2 py-1 text-left font-normal">{ts(split)} · {scope}</th>
                <td className="px-2 py-1 font-semibold">{fmt(cell(rows, split, scope, metric))}</td>
                {comparators.map((c) => <td key={c.id} className="px-2 py-1">{fmt(cell(c.rows, split, scope, metric))}</td>)}
              </tr>
            )),
          )}
        </tbody>
      </table>
    </div>
  );
}
