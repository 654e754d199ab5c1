import { useTranslations } from "next-intl";
import { viewQuery, type LeaderboardParams } from "@/lib/server/leaderboard/params";
import { METRIC_ORDER } from "@/components/ui/format";
import { BACKBONES, OTHER_BACKBONE } from "@/lib/validation/backbones";
import { SelectField } from "@/components/ui/select-field";
import { Field } from "@/components/ui/field";

/** A plain GET form, so it works without JavaScript; `keep` is page state (the chosen cost) that filtering keeps. */
export function LeaderboardControls({
  params,
  hasJudge,
  keep = {},
  demoJudge = false,
}: {
  params: LeaderboardParams;
  hasJudge: boolean;
  keep?: Record<string, string>;
  demoJudge?: boolean;
}) {
  const t = useTranslations("board.controls");
  const board = useTranslations("board");
  const metrics = METRIC_ORDER.filter((v) => v !== "judge" || hasJudge || params.metric === "judge");
  return (
    <form method="get" action="/" className="flex flex-wrap items-end gap-3" aria-label={t("label")} role="search">
      <input type="hidden" name="split" value={params.split} />
      {params.track !== "memory" ? <input type="hidden" name="track" value={params.track} /> : null}
      {params.sort ? <input type="hidden" name="sort" value={params.sort} /> : null}
      {Object.entries(keep).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <SelectField
        id="lb-metric"
        name="metric"
        label={t("metric")}
        variant="board"
        defaultValue={params.metric}
        options={metrics.map((v) => [
          v,
          v === "judge" && demoJudge
            ? board("demoJudgeMetric", { metric: board(`metrics.${v}`) })
            : board(`metrics.${v}`),
        ])}
      />
      <SelectField
        id="lb-agg"
        name="aggregate"
        label={t("average")}
        variant="board"
        defaultValue={params.aggregate}
        options={[
          ["micro", t("micro")],
          ["macro", t("macro")],
        ]}
      />
      <Field
        id="lb-q"
        name="q"
        type="search"
        label={t("search")}
        variant="board"
        defaultValue={params.q ?? ""}
        placeholder={t("searchPlaceholder")}
      />
      <SelectField
        id="lb-modality"
        name="modality"
        label={t("modality")}
        variant="board"
        defaultValue={params.modality}
        options={[
          ["all", t("all")],
          ["text", t("textOnly")],
          ["multimodal", t("multimodal")],
        ]}
      />
      <SelectField
        id="lb-baselines"
        name="baselines"
        label={t("baselines")}
        variant="board"
        defaultValue={params.baselines}
        options={[
          ["include", t("include")],
          ["exclude", t("hide")],
          ["only", t("onlyBaselines")],
        ]}
      />
      <SelectField
        id="lb-backbone"
        name="backbone"
        label={t("backbone")}
        variant="board"
        defaultValue={params.backbone ?? ""}
        options={[["", t("all")], ...BACKBONES.map((b) => [b, b] as const), [OTHER_BACKBONE, t("other")]]}
      />
      <SelectField
        id="lb-status"
        name="status"
        label={t("show")}
        variant="board"
        defaultValue={params.status}
        options={[
          ["approved", t("ranked")],
          ["withdrawn", t("withdrawn")],
        ]}
      />
      <div className="flex items-center gap-1 pb-1">
        <input
          id="lb-verified"
          name="verified"
          type="checkbox"
          value="1"
          defaultChecked={params.verified}
          className="h-4 w-4"
        />
        <label htmlFor="lb-verified" className="text-sm">
          {t.rich("verifiedOnly", { abbr: (c) => <abbr title={t("verifiedHelp")}>{c}</abbr> })}
        </label>
      </div>
      <button type="submit" className="rounded bg-blue-700 px-3 py-1 text-white hover:bg-blue-800">
        {t("apply")}
      </button>
    </form>
  );
}

/** Link to the view with `patch` applied; any change other than the page goes back to page 1. */
export function hrefWith(params: LeaderboardParams, patch: Partial<LeaderboardParams>): string {
  const s = viewQuery({ ...params, page: 1, ...patch });
  return s ? `/?${s}` : "/";
}
