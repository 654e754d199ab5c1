import { viewQuery, type LeaderboardParams } from "@/lib/server/leaderboard/params";
import { METRIC_LABELS } from "@/components/ui/format";
import { BACKBONES, OTHER_BACKBONE } from "@/lib/validation/backbones";
import { DEMO_JUDGE_LABEL } from "@/lib/server/judge/demo-judge";

const field = "rounded border border-slate-400 bg-white px-2 py-1 dark:border-slate-600 dark:bg-slate-900";

/**
 * Plain GET form: the view is fully described by the URL and works without JavaScript. `keep`:
 * page state outside the board's params (the cost chart's chosen cost) that applying filters keeps.
 */
export function LeaderboardControls({ params, hasJudge, keep = {}, demoJudge = false }: { params: LeaderboardParams; hasJudge: boolean; keep?: Record<string, string>; demoJudge?: boolean }) {
  const metrics = Object.entries(METRIC_LABELS).filter(([v]) => v !== "judge" || hasJudge || params.metric === "judge");
  return (
    <form method="get" action="/" className="flex flex-wrap items-end gap-3" aria-label="Leaderboard view" role="search">
      <input type="hidden" name="split" value={params.split} />
      {params.sort ? <input type="hidden" name="sort" value={params.sort} /> : null}
      {Object.entries(keep).map(([k, v]) => <input key={k} type="hidden" name={k} value={v} />)}
      <div>
        <label htmlFor="lb-metric" className="block text-sm">Metric</label>
        <select id="lb-metric" name="metric" defaultValue={params.metric} className={field}>
          {metrics.map(([v, l]) => <option key={v} value={v}>{v === "judge" && demoJudge ? `${l} (${DEMO_JUDGE_LABEL})` : l}</option>)}
        </select>
      </div>
      <div>
        <label htmlFor="lb-agg" className="block text-sm">Average</label>
        <select id="lb-agg" name="aggregate" defaultValue={params.aggregate} className={field}>
          <option value="micro">Micro (over questions)</option>
          <option value="macro">Macro (over categories)</option>
        </select>
      </div>
      <div>
        <label htmlFor="lb-q" className="block text-sm">Search</label>
        <input id="lb-q" name="q" type="search" defaultValue={params.q ?? ""} placeholder="method or organization" className={field} />
      </div>
      <div>
        <label htmlFor="lb-modality" className="block text-sm">Modality</label>
        <select id="lb-modality" name="modality" defaultValue={params.modality} className={field}>
          <option value="all">All</option>
          <option value="text">Text only</option>
          <option value="multimodal">Multimodal</option>
        </select>
      </div>
      <div>
        <label htmlFor="lb-baselines" className="block text-sm">Baselines</label>
        <select id="lb-baselines" name="baselines" defaultValue={params.baselines} className={field}>
          <option value="include">Include</option>
          <option value="exclude">Hide</option>
          <option value="only">Only baselines</option>
        </select>
      </div>
      <div>
        <label htmlFor="lb-backbone" className="block text-sm">Backbone</label>
        <select id="lb-backbone" name="backbone" defaultValue={params.backbone ?? ""} className={field}>
          <option value="">All</option>
          {BACKBONES.map((b) => <option key={b} value={b}>{b}</option>)}
          <option value={OTHER_BACKBONE}>Other</option>
        </select>
      </div>
      <div>
        <label htmlFor="lb-status" className="block text-sm">Show</label>
        <select id="lb-status" name="status" defaultValue={params.status} className={field}>
          <option value="approved">Ranked entries</option>
          <option value="withdrawn">Withdrawn entries</option>
        </select>
      </div>
      <div className="flex items-center gap-1 pb-1">
        <input id="lb-verified" name="verified" type="checkbox" value="1" defaultChecked={params.verified} className="h-4 w-4" />
        <label htmlFor="lb-verified" className="text-sm">
          <abbr title="Scored against the official answer key, not against the answers shipped in the prediction file">Verified</abbr> only
        </label>
      </div>
      <button type="submit" className="rounded bg-blue-700 px-3 py-1 text-white hover:bg-blue-800">Apply</button>
    </form>
  );
}

/** Link to the view with `patch` applied; any change other than the page goes back to page 1. */
export function hrefWith(params: LeaderboardParams, patch: Partial<LeaderboardParams>): string {
  const s = viewQuery({ ...params, page: 1, ...patch });
  return s ? `/?${s}` : "/";
}
