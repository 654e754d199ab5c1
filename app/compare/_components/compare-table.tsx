import { CATEGORIES } from "@/lib/scoring/types";
import type { PairedResult } from "@/lib/server/leaderboard/compare";
import { fmt } from "@/components/ui/format";

/** A minus B per scope, with the paired-bootstrap CI; a CI excluding 0 marks a real difference. */
export function CompareTable({ results, nameA, nameB }: { results: PairedResult[]; nameA: string; nameB: string }) {
  return (
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={`${nameA} versus ${nameB}`}>
      <table className="min-w-full text-sm" data-testid="compare-table">
        <caption className="sr-only">{nameA} minus {nameB}, paired bootstrap</caption>
        <thead>
          <tr className="border-b border-slate-300 text-right dark:border-slate-700">
            <th scope="col" className="px-2 py-1 text-left">Scope</th>
            <th scope="col" className="px-2 py-1">n</th>
            <th scope="col" className="px-2 py-1">A: {nameA}</th>
            <th scope="col" className="px-2 py-1">B: {nameB}</th>
            <th scope="col" className="px-2 py-1">A − B</th>
            <th scope="col" className="px-2 py-1">95% CI</th>
            <th scope="col" className="px-2 py-1">p</th>
            <th scope="col" className="px-2 py-1 text-left">Verdict</th>
          </tr>
        </thead>
        <tbody>
          {results.map((r) => {
            const significant = r.ciLow > 0 || r.ciHigh < 0;
            return (
              <tr key={r.scope} className="border-b border-slate-100 text-right tabular-nums dark:border-slate-800">
                <th scope="row" className="px-2 py-1 text-left font-normal">
                  {r.scope === "ALL" ? <strong>All questions</strong> : <abbr title={CATEGORIES[r.scope].name}>{r.scope}</abbr>}
                </th>
                <td className="px-2 py-1">{r.n}</td>
                <td className="px-2 py-1">{fmt(r.meanA)}</td>
                <td className="px-2 py-1">{fmt(r.meanB)}</td>
                <td className="px-2 py-1">{r.diff >= 0 ? "+" : ""}{fmt(r.diff)}</td>
                <td className="px-2 py-1">[{fmt(r.ciLow)}, {fmt(r.ciHigh)}]</td>
                <td className="px-2 py-1">{r.pValue < 0.001 ? "<0.001" : r.pValue.toFixed(3)}</td>
                <td className="px-2 py-1 text-left">{significant ? (r.diff > 0 ? "A better" : "B better") : "no clear difference"}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
