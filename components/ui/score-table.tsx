import { CATEGORIES, CATEGORY_CODES, MAIN_TYPES, MAIN_TYPE_NAMES, type MainType } from "@/lib/scoring/types";
import { fmt, fmtCi, isLowN, METRIC_LABELS, SPLIT_LABELS } from "./format";

type Row = { split: string; scope: string; metric: string; aggregate: string; value: number; ciLow: number | null; ciHigh: number | null; n: number };

const METRICS = ["f1", "bleu1", "precision", "recall", "judge"] as const;

function scopesInOrder(): Array<{ scope: string; label: string; title: string; level: 0 | 1 | 2 }> {
  const out: Array<{ scope: string; label: string; title: string; level: 0 | 1 | 2 }> = [{ scope: "ALL", label: "All questions", title: "All questions", level: 0 }];
  for (const mt of MAIN_TYPES) {
    out.push({ scope: mt, label: MAIN_TYPE_NAMES[mt], title: MAIN_TYPE_NAMES[mt], level: 1 });
    for (const c of CATEGORY_CODES.filter((c) => CATEGORIES[c].mainType === (mt as MainType))) {
      out.push({ scope: c, label: c, title: CATEGORIES[c].name, level: 2 });
    }
  }
  return out;
}

/** One table per split: rows are scopes (all, main types, categories), columns the metrics. */
export function ScoreTables({ rows, aggregate = "micro", lowNMin = 0 }: { rows: Row[]; aggregate?: "micro" | "macro"; /** LOW_N_MIN: smaller n is marked low-n */ lowNMin?: number }) {
  const splits = ["overall", "dyadic", "multi-party"].filter((s) => rows.some((r) => r.split === s));
  const metrics = METRICS.filter((m) => rows.some((r) => r.metric === m));
  const get = (split: string, scope: string, metric: string) => rows.find((r) => r.split === split && r.scope === scope && r.metric === metric && r.aggregate === aggregate);
  if (splits.length === 0) return <p>No scores yet.</p>;
  return (
    <div className="space-y-6">
      {splits.map((split) => (
        <div key={split} className="overflow-x-auto">
          <table className="min-w-full border-collapse text-sm" data-testid={`scores-${split}`}>
            <caption className="mb-1 text-left font-semibold">
              {SPLIT_LABELS[split]} ({aggregate} average, 95% bootstrap CI)
            </caption>
            <thead>
              <tr className="border-b border-slate-300 dark:border-slate-700">
                <th scope="col" className="px-2 py-1 text-left">Scope</th>
                {metrics.map((m) => (
                  <th key={m} scope="col" className="px-2 py-1 text-right">{METRIC_LABELS[m]}</th>
                ))}
                <th scope="col" className="px-2 py-1 text-right">n</th>
              </tr>
            </thead>
            <tbody>
              {scopesInOrder().map(({ scope, label, title, level }) => {
                const any = metrics.map((m) => get(split, scope, m)).find(Boolean);
                if (!any) return null;
                return (
                  <tr key={scope} className={`border-b border-slate-100 dark:border-slate-800 ${level === 0 ? "font-semibold" : ""}`}>
                    <th scope="row" className={`px-2 py-1 text-left font-normal ${level === 1 ? "font-medium" : ""} ${level === 2 ? "pl-6" : ""}`}>
                      {level === 2 ? <abbr title={title}>{label}</abbr> : label}
                      {level === 2 ? <span className="ml-2 text-xs text-slate-500 dark:text-slate-400">{title}</span> : null}
                    </th>
                    {metrics.map((m) => {
                      const c = get(split, scope, m);
                      return (
                        <td key={m} className="px-2 py-1 text-right tabular-nums">
                          {fmt(c?.value)}
                          {c?.ciLow !== undefined && c?.ciLow !== null ? <span className="block text-xs text-slate-500 dark:text-slate-400">{fmtCi(c.ciLow, c.ciHigh)}</span> : null}
                        </td>
                      );
                    })}
                    {isLowN(any.n, lowNMin) ? (
                      <td className="low-n px-2 py-1 text-right tabular-nums" data-low-n="" title={`low n: fewer than ${lowNMin} questions`}>{any.n}<span className="low-n-mark">low n</span></td>
                    ) : (
                      <td className="px-2 py-1 text-right tabular-nums">{any.n}</td>
                    )}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ))}
    </div>
  );
}
