import { CATEGORIES, CATEGORY_CODES, MAIN_TYPES, MAIN_TYPE_NAMES } from "@/lib/scoring/types";
import type { ScoreRowView } from "@/lib/server/scores/score-rows";
import { fmt, METRIC_LABELS } from "@/components/ui/format";

/** Dyadic minus multi-party per scope (micro): how much the method loses with more speakers. */
export function SplitGap({ rows, metric }: { rows: ScoreRowView[]; metric: string }) {
  const get = (split: string, scope: string) => rows.find((r) => r.split === split && r.scope === scope && r.metric === metric && r.aggregate === "micro");
  const scopes = ["ALL", ...MAIN_TYPES, ...CATEGORY_CODES].filter((s) => get("dyadic", s) && get("multi-party", s));
  if (scopes.length === 0) return <p>No scores on both splits for {METRIC_LABELS[metric]}.</p>;
  return (
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={"Dyadic versus multi-party"}>
      <table className="min-w-full border-collapse text-sm" data-testid="split-gap">
        <caption className="mb-1 text-left font-semibold">Dyadic versus multi-party ({METRIC_LABELS[metric]}, micro)</caption>
        <thead>
          <tr className="border-b border-slate-300 text-right dark:border-slate-700">
            <th scope="col" className="px-2 py-1 text-left">Scope</th>
            <th scope="col" className="px-2 py-1">Dyadic</th>
            <th scope="col" className="px-2 py-1">Multi-party</th>
            <th scope="col" className="px-2 py-1">Gap (dyadic − multi-party)</th>
          </tr>
        </thead>
        <tbody>
          {scopes.map((s) => {
            const d = get("dyadic", s)!.value;
            const m = get("multi-party", s)!.value;
            const name = s === "ALL" ? "All questions" : s in CATEGORIES ? CATEGORIES[s as keyof typeof CATEGORIES].name : MAIN_TYPE_NAMES[s as keyof typeof MAIN_TYPE_NAMES];
            return (
              <tr key={s} className="border-b border-slate-100 text-right tabular-nums dark:border-slate-800">
                <th scope="row" className="px-2 py-1 text-left font-normal">{s in CATEGORIES ? <abbr title={name}>{s}</abbr> : name}</th>
                <td className="px-2 py-1">{fmt(d)}</td>
                <td className="px-2 py-1">{fmt(m)}</td>
                <td className="px-2 py-1">{d - m >= 0 ? "+" : ""}{fmt(d - m)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
