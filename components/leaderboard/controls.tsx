import type { LeaderboardParams } from "@/lib/server/queries/leaderboard-params";
import { METRIC_LABELS, SPLIT_LABELS } from "@/components/ui/format";

const select = "rounded border border-slate-300 bg-white px-2 py-1 dark:border-slate-700 dark:bg-slate-900";

/** Plain GET form: the view is fully described by the URL and works without JavaScript. */
export function LeaderboardControls({ params }: { params: LeaderboardParams }) {
  return (
    <form method="get" action="/" className="flex flex-wrap items-end gap-3" aria-label="Leaderboard view">
      <div>
        <label htmlFor="lb-split" className="block text-sm">Split</label>
        <select id="lb-split" name="split" defaultValue={params.split} className={select}>
          {Object.entries(SPLIT_LABELS).map(([v, l]) => <option key={v} value={v}>{l}</option>)}
        </select>
      </div>
      <div>
        <label htmlFor="lb-metric" className="block text-sm">Metric</label>
        <select id="lb-metric" name="metric" defaultValue={params.metric} className={select}>
          {Object.entries(METRIC_LABELS).map(([v, l]) => <option key={v} value={v}>{l}</option>)}
        </select>
      </div>
      <div>
        <label htmlFor="lb-agg" className="block text-sm">Average</label>
        <select id="lb-agg" name="aggregate" defaultValue={params.aggregate} className={select}>
          <option value="micro">Micro (over questions)</option>
          <option value="macro">Macro (over categories)</option>
        </select>
      </div>
      <div>
        <label htmlFor="lb-q" className="block text-sm">Search</label>
        <input id="lb-q" name="q" type="search" defaultValue={params.q ?? ""} placeholder="method or organization" className={select} />
      </div>
      {params.sort ? <input type="hidden" name="sort" value={params.sort} /> : null}
      <button type="submit" className="rounded bg-blue-700 px-3 py-1 text-white hover:bg-blue-800">Apply</button>
    </form>
  );
}

export function hrefWith(params: LeaderboardParams, patch: Partial<LeaderboardParams>): string {
  const merged = { ...params, ...patch };
  const sp = new URLSearchParams();
  if (merged.split !== "overall") sp.set("split", merged.split);
  if (merged.metric !== "f1") sp.set("metric", merged.metric);
  if (merged.aggregate !== "micro") sp.set("aggregate", merged.aggregate);
  if (merged.sort) sp.set("sort", merged.sort);
  if (merged.q) sp.set("q", merged.q);
  const s = sp.toString();
  return s ? `/?${s}` : "/";
}
