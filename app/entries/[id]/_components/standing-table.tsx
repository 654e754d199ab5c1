import { CATEGORIES, MAIN_TYPE_NAMES } from "@/lib/scoring/types";
import type { Standing, StandingRow } from "@/lib/server/leaderboard/entry-standing";
import { fmt, fmtCi, METRIC_LABELS, SPLIT_LABELS } from "@/components/ui/format";

const label = (scope: string) =>
  scope === "ALL" ? "All questions" : scope in CATEGORIES ? CATEGORIES[scope as keyof typeof CATEGORIES].name : MAIN_TYPE_NAMES[scope as keyof typeof MAIN_TYPE_NAMES];

const below = (r: StandingRow) => r.cell !== null && r.reference !== null && r.cell.value < r.reference;

/** One split: score with interval, rank among ranked entries (ties marked), best and median. */
export function StandingTable({ standing }: { standing: Standing }) {
  const { split, metric, rows } = standing;
  return (
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={`${SPLIT_LABELS[split]} standing`}>
      <table className="min-w-full border-collapse text-sm" data-testid={`standing-${split}`}>
        <caption className="mb-1 text-left font-semibold">{SPLIT_LABELS[split]}: {METRIC_LABELS[metric]} (micro) and rank</caption>
        <thead>
          <tr className="border-b border-slate-300 text-right dark:border-slate-700">
            <th scope="col" className="px-2 py-1 text-left">Scope</th>
            <th scope="col" className="px-2 py-1">Score [95% CI]</th>
            <th scope="col" className="px-2 py-1">Rank</th>
            <th scope="col" className="px-2 py-1">Best</th>
            <th scope="col" className="px-2 py-1">Median</th>
            <th scope="col" className="px-2 py-1" title="The best of the trivial reference systems (always refuse, echo the question, empty answers)">Best trivial ref.</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.scope} className="border-b border-slate-100 text-right tabular-nums dark:border-slate-800" data-scope={r.scope}>
              <th scope="row" className={`px-2 py-1 text-left font-normal ${r.scope in CATEGORIES ? "pl-6" : "font-medium"}`}>
                {r.scope in CATEGORIES ? <><abbr title={label(r.scope)}>{r.scope}</abbr> <span className="text-xs text-slate-600 dark:text-slate-400">{label(r.scope)}</span></> : label(r.scope)}
              </th>
              <td className="px-2 py-1" data-below-reference={below(r) ? "" : undefined}>
                <span title={below(r) ? "below the best trivial reference" : undefined}>{fmt(r.cell?.value)}</span>{" "}
                <span className="text-xs text-slate-600 dark:text-slate-400">{fmtCi(r.cell?.ciLow, r.cell?.ciHigh)}</span></td>
              <td className="px-2 py-1" data-testid={`rank-${split}-${r.scope}`}>{r.rank === null ? "–" : `${r.rank}${r.tied ? "=" : ""} of ${r.of}`}</td>
              <td className="px-2 py-1">{fmt(r.best)}</td>
              <td className="px-2 py-1">{fmt(r.median)}</td>
              <td className="px-2 py-1 italic" data-testid={`reference-${split}-${r.scope}`}>{fmt(r.reference)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
