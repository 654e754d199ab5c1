import { useTranslations } from "next-intl";
import { viewQuery, type LeaderboardParams } from "@/lib/server/leaderboard/params";
import { METRIC_LABELS } from "@/components/ui/format";
import { BACKBONES, OTHER_BACKBONE } from "@/lib/validation/backbones";

const field = "rounded border border-slate-400 bg-white px-2 py-1 dark:border-slate-600 dark:bg-slate-900";

/**
 * Plain GET form: the view is fully described by the URL and works without JavaScript. `keep`:
 * page state outside the board's params (the cost chart's chosen cost) that applying filters keeps.
 */
export function LeaderboardControls({ params, hasJudge, keep = {}, demoJudge = false }: { params: LeaderboardParams; hasJudge: boolean; keep?: Record<string, string>; demoJudge?: boolean }) {
  const t = useTranslations("board.controls");
  const board = useTranslations("board");
  // The order of METRIC_LABELS (F1 first); the names come from the messages.
  const metrics = (Object.keys(METRIC_LABELS) as LeaderboardParams["metric"][]).filter((v) => v !== "judge" || hasJudge || params.metric === "judge");
  return (
    <form method="get" action="/" className="flex flex-wrap items-end gap-3" aria-label={t("label")} role="search">
      <input type="hidden" name="split" value={params.split} />
      {params.sort ? <input type="hidden" name="sort" value={params.sort} /> : null}
      {Object.entries(keep).map(([k, v]) => <input key={k} type="hidden" name={k} value={v} />)}
      <div>
        <label htmlFor="lb-metric" className="block text-sm">{t("metric")}</label>
        <select id="lb-metric" name="metric" defaultValue={params.metric} className={field}>
          {metrics.map((v) => <option key={v} value={v}>{v === "judge" && demoJudge ? board("demoJudgeMetric", { metric: board(`metrics.${v}`) }) : board(`metrics.${v}`)}</option>)}
        </select>
      </div>
      <div>
        <label htmlFor="lb-agg" className="block text-sm">{t("average")}</label>
        <select id="lb-agg" name="aggregate" defaultValue={params.aggregate} className={field}>
          <option value="micro">{t("micro")}</option>
          <option value="macro">{t("macro")}</option>
        </select>
      </div>
      <div>
        <label htmlFor="lb-q" className="block text-sm">{t("search")}</label>
        <input id="lb-q" name="q" type="search" defaultValue={params.q ?? ""} placeholder={t("searchPlaceholder")} className={field} />
      </div>
      <div>
        <label htmlFor="lb-modality" className="block text-sm">{t("modality")}</label>
        <select id="lb-modality" name="modality" defaultValue={params.modality} className={field}>
          <option value="all">{t("all")}</option>
          <option value="text">{t("textOnly")}</option>
          <option value="multimodal">{t("multimodal")}</option>
        </select>
      </div>
      <div>
        <label htmlFor="lb-baselines" className="block text-sm">{t("baselines")}</label>
        <select id="lb-baselines" name="baselines" defaultValue={params.baselines} className={field}>
          <option value="include">{t("include")}</option>
          <option value="exclude">{t("hide")}</option>
          <option value="only">{t("onlyBaselines")}</option>
        </select>
      </div>
      <div>
        <label htmlFor="lb-backbone" className="block text-sm">{t("backbone")}</label>
        <select id="lb-backbone" name="backbone" defaultValue={params.backbone ?? ""} className={field}>
          <option value="">{t("all")}</option>
          {BACKBONES.map((b) => <option key={b} value={b}>{b}</option>)}
          <option value={OTHER_BACKBONE}>{t("other")}</option>
        </select>
      </div>
      <div>
        <label htmlFor="lb-status" className="block text-sm">{t("show")}</label>
        <select id="lb-status" name="status" defaultValue={params.status} className={field}>
          <option value="approved">{t("ranked")}</option>
          <option value="withdrawn">{t("withdrawn")}</option>
        </select>
      </div>
      <div className="flex items-center gap-1 pb-1">
        <input id="lb-verified" name="verified" type="checkbox" value="1" defaultChecked={params.verified} className="h-4 w-4" />
        <label htmlFor="lb-verified" className="text-sm">
          {t.rich("verifiedOnly", { abbr: (c) => <abbr title={t("verifiedHelp")}>{c}</abbr> })}
        </label>
      </div>
      <button type="submit" className="rounded bg-blue-700 px-3 py-1 text-white hover:bg-blue-800">{t("apply")}</button>
    </form>
  );
}

/** Link to the view with `patch` applied; any change other than the page goes back to page 1. */
export function hrefWith(params: LeaderboardParams, patch: Partial<LeaderboardParams>): string {
  const s = viewQuery({ ...params, page: 1, ...patch });
  return s ? `/?${s}` : "/";
}
