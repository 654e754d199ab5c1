import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { CATEGORIES, CATEGORY_CODES, MAIN_TYPES } from "@/lib/scoring/types";
import type { ViewEntry } from "@/lib/server/leaderboard/view";
import type { LeaderboardParams } from "@/lib/server/leaderboard/params";
import { bestReferenceByCategory, type ReferenceRow } from "@/lib/server/leaderboard/reference-rows";
import { REFUSAL } from "@/lib/server/leaderboard/reference-systems";
import type { JudgeNoiseMarks } from "@/lib/server/scores/judge-card";
import { BoardRows } from "./board-rows";
import { wideClass } from "./wide-class";
import { JudgeCardLink } from "./judge-noise-mark";
import { BoardLegend } from "./board-legend";
import { SortHeader } from "./sort-header";
import { hrefWith } from "./controls";
import { Table, THead, Th, Tr } from "@/components/ui/table";

const th = "px-1 py-1";

export function LeaderboardTable({
  entries,
  params,
  lowNMin,
  references = [],
  trackReferences = [],
  demoJudge = false,
  showIntervals = false,
  noise = null,
}: {
  entries: ViewEntry[];
  params: LeaderboardParams;
  lowNMin: number;
  references?: ReferenceRow[];
  trackReferences?: ViewEntry[];
  demoJudge?: boolean;
  /** Print each cell's interval and n (the legend's switch). */
  showIntervals?: boolean;
  /** Rows within the judge's measured noise of a rank neighbour (judge metric only); null: noise not measured. */
  noise?: JudgeNoiseMarks | null;
}) {
  const t = useTranslations("board");
  const tt = useTranslations("board.table");
  const names = useTranslations("categories");
  const mainNames = useTranslations("mainTypes");
  const splits = useTranslations("splits");
  const tracks = useTranslations("tracks");
  const best = bestReferenceByCategory(references);
  // Only where some entry of the view reported retrieved evidence (issue 48 point 5).
  const recall = [...entries, ...trackReferences].some((e) => e.evidence);
  // Scores of the quick start's fake judge say so in the column and in every headline cell.
  const judge = params.metric === "judge";
  const demo = demoJudge && judge;
  const metric = demo ? t("demoJudgeMetric", { metric: t("metrics.judge") }) : t(`metrics.${params.metric}`);
  const aggregate = t(`aggregates.${params.aggregate}`);
  const caption = tt("caption", { split: splits(params.split), metric, aggregate });
  const groups = MAIN_TYPES.map((m) => ({ m, cats: CATEGORY_CODES.filter((c) => CATEGORIES[c].mainType === m) }));
  const sortScope = params.sort?.replace(/^-/, "");
  const wide = wideClass(sortScope);
  const num = (key?: string) => `${th} text-right ${wide(key)}`;
  const tall = (sortKey: string, label: string, className: string, title?: string, children?: ReactNode) => (
    <SortHeader params={params} sortKey={sortKey} rowSpan={2} label={label} title={title} className={className}>
      {children}
    </SortHeader>
  );
  const sortHrefs = Object.fromEntries(CATEGORY_CODES.map((c) => [c, hrefWith(params, { sort: `-${c}` })]));
  return (
    <Table
      label={caption}
      scrollClassName="board-scroll"
      data-region-testid="leaderboard-region"
      // Cells come from board-rows.tsx and heat-cell.tsx; the board's tighter padding is set here once.
      className={`board border-collapse text-sm [&_td.heat]:text-right [&_td.heat]:tabular-nums max-sm:[&_td]:align-top max-sm:[&_th]:align-top [&_td]:px-1 [&_td]:py-1 [&_th]:px-1 [&_th]:py-1`}
      data-testid="leaderboard"
      caption={caption}
      after={
        <BoardLegend
          params={params}
          lowNMin={lowNMin}
          hasReferences={references.length > 0}
          showIntervals={showIntervals}
          noise={judge && noise !== null}
        />
      }
    >
      <THead className="text-xs">
        <Tr kind="plain" className="border-b border-slate-200 dark:border-slate-800">
          {tall(
            "rank",
            sortScope && sortScope in CATEGORIES ? tt("rankIn", { scope: sortScope }) : tt("rank"),
            `${th} board-rank text-left`,
            t("tieRule"),
          )}
          {tall("method", tt("method"), `${th} board-method text-left`)}
          {tall("org", tt("organization"), `${th} text-left ${wide("org")}`)}
          {tall(
            "value",
            metric,
            `${th} text-right`,
            tt("headlineTitle", { metric, aggregate }),
            judge ? <JudgeCardLink /> : null,
          )}
          {recall ? tall("recallAt5", tt("recallAt5"), num("recallAt5"), tt("recallAt5Title")) : null}
          <Th pad="sm" scope="colgroup" colSpan={3} className={`text-center ${wide()}`}>
            {tt("mainTypes")}
          </Th>
          {groups.map((g) => (
            <Th
              pad="sm"
              key={g.m}
              scope="colgroup"
              colSpan={g.cats.length}
              className={`border-l border-slate-200 text-center dark:border-slate-800 ${wide()}`}
            >
              {mainNames(g.m)}
            </Th>
          ))}
          {tall("refusalRate", tt("refused"), num("refusalRate"), tt("refusedTitle"))}
          {tall("overRefusalRate", tt("overRefused"), num("overRefusalRate"), tt("overRefusedTitle"))}
          <Th pad="none" rowSpan={2} className={num()} title={tt("attemptsRule")}>
            {tt("attempts")}
          </Th>
          {tall("answered", tt("answered"), num("answered"), tt("answeredTitle"))}
          {tall("date", tt("date"), `${th} text-left ${wide("date")}`, tt("dateTitle"))}
        </Tr>
        <Tr kind="head">
          {MAIN_TYPES.map((m) => (
            <SortHeader
              key={m}
              params={params}
              sortKey={m}
              label={tt(`mainAbbr.${m}`)}
              title={mainNames(m)}
              className={num(m)}
            />
          ))}
          {CATEGORY_CODES.map((c) => (
            <SortHeader key={c} params={params} sortKey={c} label={c} title={names(c)} className={num(c)} />
          ))}
        </Tr>
      </THead>
      <BoardRows
        entries={entries}
        references={references.map((r) => ({ ...r, label: tt(`referenceKinds.${r.kind}`, { text: REFUSAL }) }))}
        trackReferences={trackReferences.map((e) => ({ ...e, label: tracks("reference", { track: tracks(e.track) }) }))}
        sortScope={sortScope}
        lowNMin={lowNMin}
        best={best}
        demo={demo}
        metric={metric}
        noise={
          judge && noise
            ? Object.fromEntries(entries.flatMap((e) => (noise[e.id] ? [[e.id, noise[e.id]]] : [])))
            : undefined
        }
        sortHrefs={sortHrefs}
        printIntervals={showIntervals}
        recall={recall}
      />
    </Table>
  );
}
