import "server-only";
import { CATEGORY_CODES, MAIN_TYPES, type CategoryCode, type MainType } from "@/lib/scoring/types";
import { rankWithTies } from "@/lib/scoring";
import { db } from "../db";
import { answerKeyOfVersion, type AnswerKeyInfo } from "../answer-key/active-info";
import { publishedScorerVersion, versionCoverage } from "../versions/published-version";
import { demoEntriesHidden } from "../answer-key/demo";
import type { LeaderboardParams } from "./params";
import type { ScoreCell } from "../scores/score-rows";
import { failureProfilesFor } from "../scores/failure-profiles";
import { evidenceReportsFor } from "../scores/evidence-reports";
import { evidenceGroup, type EvidenceGroup } from "@/lib/scoring";
import { attemptsOf, type Attempts } from "../submissions/attempts";
import { StampedMemo } from "../public-cache/generation";
import { sourceOf, type EntrySource } from "../submissions/source";
import { runsOfEntries } from "../scores/run-scores";
import { tiersOf, type Tier } from "./trust-tier";
import { TRACKS, type Track } from "@/lib/validation/tracks";
import { asTrack, type MethodCard } from "../submissions/method-card";

export type LeaderboardEntry = {
  rank: number;
  tied: boolean;
  id: string;
  status: "approved";
  methodName: string;
  organization: string | null;
  modality: string | null;
  backbone: string | null;
  ranBy?: MethodCard["ranBy"];
  methodOwner?: string | null;
  /** Ranks are within the track (issue 48): a full-context run never ranks among memory systems. */
  track: Track;
  contextTopK: number | null;
  contextTokens: number | null;
  isBaseline: boolean;
  verified?: boolean;
  createdAt: string;
  answered: number;
  ciVerified?: EntrySource | null;
  attempts: Attempts;
  overall: ScoreCell;
  mainTypes: Partial<Record<MainType, ScoreCell>>;
  categories: Partial<Record<CategoryCode, ScoreCell>>;
  refusalRate: number | null;
  overRefusalRate: number | null;
  /** Replicate runs averaged (k) and their flip rate (docs/SCORING.md §9d); the trust tier (§9e). */
  runs: number;
  flipRate: number | null;
  tier: Tier;
  /** All categories of the board's split; null: not reported. recall@5: evidence?.recallAt5.value. */
  evidence?: EvidenceGroup | null;
};
type Derived =
  "rank" | "tied" | "answered" | "refusalRate" | "overRefusalRate" | "evidence" | "runs" | "flipRate" | "tier";

export type RankedBoard = {
  scorerVersion: string;
  answerKey: AnswerKeyInfo | null;
  /** Listed, never ranked with another version's numbers. */
  notRescored: Array<{ id: string; methodName: string }>;
  generatedAt: string;
  entries: LeaderboardEntry[];
  /** Computed lazily, once per board (every entry page asks for the same scopes); ranks within each track. */
  scopeRanks: (scope: string) => Map<string, { rank: number; tied: boolean }>;
  scopeStats: (scope: string, track?: Track) => ScopeStats;
};

/** Over the entries with a score in the scope. */
export type ScopeStats = { of: number; best: number | null; median: number | null };

export function scopeStatsOf(values: number[]): ScopeStats {
  const s = values.toSorted((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  const median = s.length === 0 ? null : s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
  return { of: s.length, best: s.at(-1) ?? null, median };
}

type BoardKey = Pick<LeaderboardParams, "split" | "metric" | "aggregate">;

type CellRow = { value: number; ciLow: number | null; ciHigh: number | null; n: number; runSd?: number | null };
const cell = (r: CellRow): ScoreCell => ({
  value: r.value,
  ciLow: r.ciLow,
  ciHigh: r.ciHigh,
  n: r.n,
  ...(r.runSd !== undefined ? { runSd: r.runSd } : {}),
});
const isMainType = (s: string): s is MainType => (MAIN_TYPES as readonly string[]).includes(s);
const isCategory = (s: string): s is CategoryCode => (CATEGORY_CODES as readonly string[]).includes(s);

export type ScopedCells = {
  overall: ScoreCell;
  mainTypes: Partial<Record<MainType, ScoreCell>>;
  categories: Partial<Record<CategoryCode, ScoreCell>>;
};

/** "ALL", a main type or a category. */
export function scopeCell(c: ScopedCells, scope: string): ScoreCell | undefined {
  if (scope === "ALL") return c.overall;
  return isMainType(scope) ? c.mainTypes[scope] : isCategory(scope) ? c.categories[scope] : undefined;
}

/** True for the headline row. */
export function placeScore(target: ScopedCells, r: CellRow & { scope: string }): boolean {
  if (r.scope === "ALL") target.overall = cell(r);
  else if (isMainType(r.scope)) target.mainTypes[r.scope] = cell(r);
  else if (isCategory(r.scope)) target.categories[r.scope] = cell(r);
  return r.scope === "ALL";
}

// Every board view derives from one ranked list per split x metric x aggregate.
const boards = new StampedMemo<RankedBoard>(64);

export function rankedBoard(key: BoardKey): Promise<RankedBoard> {
  return boards.get(`${key.split}|${key.metric}|${key.aggregate}`, async () =>
    computeBoard(key, await publishedScorerVersion(), await demoEntriesHidden()),
  );
}

async function computeBoard(key: BoardKey, scorerVersion: string, hideDemo: boolean): Promise<RankedBoard> {
  // No status filter: an approved entry being re-scored keeps its published rows on the board.
  const rows = await db.score.findMany({
    where: {
      scorerVersion,
      split: key.split,
      metric: key.metric,
      aggregate: key.aggregate,
      // Runs and reproductions are shown on their entry, never as rows of their own.
      submission: { reviewState: "APPROVED", runOf: null, reproduces: null, ...(hideDemo ? { isDemo: false } : {}) },
    },
    select: {
      scope: true,
      value: true,
      ciLow: true,
      ciHigh: true,
      n: true,
      submission: {
        select: {
          id: true,
          methodName: true,
          organization: true,
          modality: true,
          backbone: true,
          ranBy: true,
          methodOwner: true,
          track: true,
          contextTopK: true,
          contextTokens: true,
          isBaseline: true,
          createdAt: true,
          scoredAt: true,
          answerKeyVersion: { select: { isDemo: true } },
          attemptsTotal: true,
          attemptsSincePrevious: true,
          sourceRepo: true,
          sourceCommit: true,
          sourceRun: true,
          sourceVerifiedAt: true,
          sourceRef: true,
          sourceWorkflow: true,
        },
      },
    },
  });
  const bySub = new Map<
    string,
    Omit<LeaderboardEntry, Derived> & {
      hasOverall: boolean;
      scoredAt: Date | null;
    }
  >();
  for (const r of rows) {
    const s = r.submission;
    let e = bySub.get(s.id);
    if (!e) {
      e = {
        id: s.id,
        status: "approved",
        methodName: s.methodName,
        organization: s.organization,
        modality: s.modality,
        backbone: s.backbone,
        ranBy: s.ranBy as MethodCard["ranBy"],
        methodOwner: s.methodOwner,
        track: asTrack(s.track),
        contextTopK: s.contextTopK,
        contextTokens: s.contextTokens,
        isBaseline: s.isBaseline,
        // The quick start's synthetic seed key does not count.
        verified: s.answerKeyVersion !== null && !s.answerKeyVersion.isDemo,
        createdAt: s.createdAt.toISOString(),
        scoredAt: s.scoredAt,
        attempts: attemptsOf(s),
        ciVerified: s.sourceVerifiedAt ? sourceOf(s) : null,
        overall: { value: 0, ciLow: null, ciHigh: null, n: 0 },
        mainTypes: {},
        categories: {},
        hasOverall: false,
      };
      bySub.set(s.id, e);
    }
    if (placeScore(e, { ...r, runSd: null })) e.hasOverall = true; // one run: variation unknown
  }
  // An entry with replicate runs shows the mean over its runs and ranks by the item x run bootstrap.
  const runs = await runsOfEntries([...bySub.keys()], scorerVersion);
  for (const e of bySub.values())
    for (const r of runs.get(e.id)?.rows ?? [])
      if (r.split === key.split && r.metric === key.metric && r.aggregate === key.aggregate) placeScore(e, r);
  const candidates = [...bySub.values()].filter((e) => e.hasOverall);
  const ranks = ranksByTrack(candidates.map((e) => ({ id: e.id, track: e.track, ...e.overall })));
  const ids = candidates.map((e) => e.id);
  const [answered, answerKey, coverage, profiles, evidence, tiers] = await Promise.all([
    answeredCounts(candidates, key.split),
    answerKeyOfVersion(scorerVersion),
    versionCoverage(scorerVersion),
    failureProfilesFor(ids, scorerVersion),
    evidenceReportsFor(ids, scorerVersion),
    tiersOf(candidates, scorerVersion),
  ]);
  const entries: LeaderboardEntry[] = candidates.map(({ hasOverall: _h, scoredAt: _s, ...e }) => ({
    ...e,
    rank: ranks.get(e.id)?.rank ?? 0,
    tied: ranks.get(e.id)?.tied ?? false,
    answered: answered.get(e.id) ?? 0,
    refusalRate: profiles.get(e.id)?.refusalRate ?? null,
    overRefusalRate: profiles.get(e.id)?.overRefusalRate ?? null,
    runs: runs.get(e.id)?.runs ?? 1,
    flipRate: runs.get(e.id)?.flipRate ?? null,
    tier: tiers.get(e.id)!.tier,
    evidence: evidenceGroup(evidence.get(e.id) ?? null, key.split),
  }));
  entries.sort(
    (a, b) =>
      TRACKS.indexOf(a.track) - TRACKS.indexOf(b.track) ||
      a.rank - b.rank ||
      b.overall.value - a.overall.value ||
      a.methodName.localeCompare(b.methodName),
  );
  const scopeCache = new Map<
    string,
    { ranks: Map<string, { rank: number; tied: boolean }>; withCell: Array<{ track: Track; value: number }> }
  >();
  const summary = (scope: string) => {
    let m = scopeCache.get(scope);
    if (!m) {
      const withCell = entries.flatMap((e) => {
        const c = isMainType(scope) ? e.mainTypes[scope] : isCategory(scope) ? e.categories[scope] : e.overall;
        return c ? [{ id: e.id, track: e.track, ...c }] : [];
      });
      m = { ranks: ranksByTrack(withCell), withCell };
      scopeCache.set(scope, m);
    }
    return m;
  };
  return {
    scorerVersion,
    answerKey,
    notRescored: coverage.missing,
    generatedAt: new Date().toISOString(),
    entries,
    scopeRanks: (s) => summary(s).ranks,
    scopeStats: (s, track = "memory") =>
      scopeStatsOf(
        summary(s)
          .withCell.filter((c) => c.track === track)
          .map((c) => c.value),
      ),
  };
}

/** Each track ranked on its own; ids are unique across tracks, so one map holds them all. */
function ranksByTrack(
  cells: Array<{ id: string; track: Track; value: number; ciLow: number | null; ciHigh: number | null }>,
): Map<string, { rank: number; tied: boolean }> {
  return new Map(
    TRACKS.flatMap((t) =>
      rankWithTies(cells.filter((c) => c.track === t)).map((r) => [r.id, { rank: r.rank, tied: r.tied }] as const),
    ),
  );
}

async function answeredCounts(
  entries: Array<{ id: string }>,
  split: LeaderboardParams["split"],
): Promise<Map<string, number>> {
  const groups = await db.prediction.groupBy({
    by: ["submissionId"],
    where: { submissionId: { in: entries.map((e) => e.id) }, ...(split === "overall" ? {} : { split }) },
    _count: { _all: true },
  });
  const counts = new Map(groups.map((g) => [g.submissionId, g._count._all]));
  return new Map(entries.map((e) => [e.id, counts.get(e.id) ?? 0]));
}
