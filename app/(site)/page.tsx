import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { getFormat } from "@/lib/i18n/server";
import { LeaderboardControls, hrefWith } from "@/components/leaderboard/controls";
import { LeaderboardTable } from "@/components/leaderboard/leaderboard-table";
import { Pagination } from "@/components/leaderboard/pagination";
import { PublishedBaselinesTable } from "@/components/leaderboard/published-baselines-table";
import { SplitTabs } from "@/components/leaderboard/split-tabs";
import { TrackSwitch } from "@/components/leaderboard/track-switch";
import { UnscoredNote } from "@/components/leaderboard/unscored-note";
import { WithdrawnTable } from "@/components/leaderboard/withdrawn-table";
import { publishedScorerVersion } from "@/lib/server/versions/published-version";
import { getLeaderboard } from "@/lib/server/leaderboard/view";
import { parseLeaderboardParams, viewQuery } from "@/lib/server/leaderboard/params";
import { CostChart } from "@/components/leaderboard/cost-chart";
import { FiltersDisclosure } from "@/components/leaderboard/filters-disclosure";
import { BoardStatusNote } from "@/components/leaderboard/board-status-note";
import { currentUser } from "@/lib/server/auth/session";
import { INTERVALS_PARAM } from "@/components/leaderboard/board-legend";
import { costFieldSchema, costPoints } from "@/lib/server/leaderboard/cost-chart";
import { judgeOfVersion } from "@/lib/server/judge/demo-judge";
import { versionHasJudge } from "@/lib/server/versions/version-text";
import { judgeNoiseMarks } from "@/lib/server/scores/judge-card";
import { FEED_PATH } from "@/lib/server/history/board-feed";
import type { SearchParams } from "@/app/(site)/page-helpers";
import { headers } from "next/headers";
import { JsonLd } from "@/components/json-ld";
import { boardJsonLd } from "@/lib/server/agents/json-ld";
import { publicOrigin } from "@/lib/server/leaderboard/share";

// Approvals must show up at once, so the page is rendered per request (from a board cache that
// is dropped when the public generation moves, see lib/server/public-cache/generation.ts).
export const dynamic = "force-dynamic";
export const metadata = {
  alternates: { types: { "application/atom+xml": [{ url: FEED_PATH, title: "H2HMem leaderboard: board changes" }] } },
};

export default async function LeaderboardPage({ searchParams }: { searchParams: SearchParams }) {
  const sp = await searchParams;
  const params = parseLeaderboardParams(sp);
  const costField = costFieldSchema.parse(Array.isArray(sp.cost) ? sp.cost[0] : sp.cost);
  // A chosen cost survives applying filters (the chart is recomputed for the filtered view).
  const keep: Record<string, string> = sp.cost ? { cost: costField } : {};
  const [t, tc] = await Promise.all([getTranslations("board"), getTranslations("common")]);
  return (
    <div className="space-y-5">
      {/* Past the filters and the column headers to the first ranked entry (issue 45, point 5). */}
      <a href="#results" className="skip-link">
        {t("skipToResults")}
      </a>
      <JsonLd data={boardJsonLd(publicOrigin(await headers()), tc("siteName"), tc("siteDescription"))} />
      <div className="space-y-2">
        <h1 className="text-2xl font-semibold">{t("heading")}</h1>
        <p className="max-w-4xl text-slate-700 max-sm:text-sm dark:text-slate-300">
          {t.rich("intro", { about: (c) => <Link href="/about">{c}</Link> })}
        </p>
      </div>
      <BoardStatusNote admin={(await currentUser())?.role === "ADMIN"} />
      <TrackSwitch params={params} />
      <SplitTabs params={params} />
      {/* On a phone the filters and the notes on ranks fold away once the page runs: the first screen is the board. */}
      <FiltersDisclosure summary={t("controls.filters")}>
        <LeaderboardControls
          params={params}
          hasJudge={versionHasJudge(await publishedScorerVersion())}
          keep={keep}
          demoJudge={judgeOfVersion(await publishedScorerVersion())?.demo}
        />
        <p className="mt-5 text-sm text-slate-700 dark:text-slate-300" id="tie-rule">
          {t.rich("tieNote", {
            rule: t("tieRule"),
            strong: (c) => <strong>{c}</strong>,
            refs: (c) => <Link href="/about#references">{c}</Link>,
          })}
        </p>
      </FiltersDisclosure>
      {/* No Suspense boundary on purpose: streamed content needs JavaScript to be swapped in, and
          the board must render completely without it. */}
      <BoardBody parsed={params} showIntervals={first(sp[INTERVALS_PARAM]) === "1"} />
      <BoardCostChart params={params} field={costField} />
      <PublishedBaselinesTable />
    </div>
  );
}

async function BoardCostChart({
  params,
  field,
}: {
  params: ReturnType<typeof parseLeaderboardParams>;
  field: ReturnType<typeof costFieldSchema.parse>;
}) {
  // Every entry of the filtered view (not one page): the chart follows the filters.
  const all = await getLeaderboard(params, { all: true });
  const hidden = Object.fromEntries(new URLSearchParams(viewQuery(params, { page: false })));
  const t = await getTranslations("board");
  return (
    <CostChart
      points={await costPoints(all.entries, field)}
      field={field}
      metricLabel={t(`metrics.${params.metric}`)}
      hidden={hidden}
    />
  );
}

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

async function BoardBody({
  parsed,
  showIntervals,
}: {
  parsed: ReturnType<typeof parseLeaderboardParams>;
  showIntervals: boolean;
}) {
  const board = await getLeaderboard(parsed);
  const key = board.answerKey;
  const params = board.params;
  const q = viewQuery(params, { page: false });
  const api = `/api/v1/leaderboard${q ? `?${q}` : ""}`;
  const t = await getTranslations("board");
  const tf = await getTranslations("feed");
  const f = await getFormat();
  // Rank neighbours across the whole view, so a page boundary does not hide a mark.
  const noise =
    params.metric === "judge" && board.entries.length > 0
      ? await judgeNoiseMarks((await getLeaderboard(parsed, { all: true })).entries)
      : null;
  const filtered =
    params.q || params.modality !== "all" || params.baselines !== "include" || params.verified || params.backbone;
  return (
    <>
      {params.status === "withdrawn" ? (
        <WithdrawnTable rows={board.withdrawn} />
      ) : (
        <>
          {board.entries.length > 0 ? null : (
            <p
              id="results"
              tabIndex={-1}
              className="rounded border border-slate-200 p-4 dark:border-slate-800"
              data-testid="leaderboard-empty"
            >
              {t(filtered ? "emptyFiltered" : params.metric === "judge" ? "emptyJudge" : "emptyNone")}{" "}
              {filtered ? (
                <Link
                  href={hrefWith(params, {
                    q: undefined,
                    modality: "all",
                    baselines: "include",
                    verified: false,
                    backbone: undefined,
                  })}
                >
                  {t("clearFilters")}
                </Link>
              ) : (
                <Link href="/submit">{t("submitYours")}</Link>
              )}
            </p>
          )}
          {/* The reference rows of the shown version stay, so an empty board still has its yardstick. */}
          {board.entries.length > 0 || board.references.length > 0 || board.trackReferences.length > 0 ? (
            <LeaderboardTable
              entries={board.entries}
              params={params}
              lowNMin={board.lowNMin}
              references={board.references}
              trackReferences={board.trackReferences}
              demoJudge={board.entries.length > 0 && judgeOfVersion(board.scorerVersion)?.demo}
              showIntervals={showIntervals}
              noise={noise}
            />
          ) : null}
        </>
      )}
      <Pagination params={params} pages={board.pages} total={board.total} />
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {t("scorerVersion")} <code data-testid="scorer-version">{board.scorerVersion}</code> ·{" "}
        {key ? t("answerKey", { label: key.label, count: key.questionCount }) : t("noAnswerKey")} ·{" "}
        {t("generated", { at: f.dateTime(board.generatedAt) })} ·{" "}
        {t("shown", { total: board.total, size: board.boardSize })}
      </p>
      {judgeOfVersion(board.scorerVersion)?.demo ? (
        <p className="text-sm text-amber-900 dark:text-amber-200" data-testid="demo-judge-note">
          {t.rich("demoJudgeNote", {
            strong: (c) => <strong>{c}</strong>,
            about: (c) => <Link href="/about#judge">{c}</Link>,
          })}
        </p>
      ) : null}
      <UnscoredNote version={board.scorerVersion} />
      <p className="flex flex-wrap gap-3 text-sm">
        <span>{t("download")}</span>
        <a href={api.replace("/leaderboard", "/leaderboard.csv")} download data-testid="download-csv">
          {t("csv")}
        </a>
        <a href={api} data-testid="download-json">
          {t("json")}
        </a>
        <Link href="/api/v1/openapi.json">{t("openapi")}</Link>
        <a href={FEED_PATH} type="application/atom+xml" data-testid="board-feed">
          {tf("link")}
        </a>
      </p>
    </>
  );
}
