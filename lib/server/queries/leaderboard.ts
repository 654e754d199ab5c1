import { CATEGORY_CODES, MAIN_TYPES, type CategoryCode, type MainType } from "@/lib/scoring/types";
import { rankWithTies } from "@/lib/scoring";
import { db } from "../db";
import { currentScorerVersion } from "../scoring-version";
import type { LeaderboardParams } from "./leaderboard-params";
import type { ScoreCell } from "./scores";

export type LeaderboardEntry = {
  rank: number;
  tied: boolean;
  id: string;
  methodName: string;
  organization: string | null;
  modality: string | null;
  backbone: string | null;
  isBaseline: boolean;
  createdAt: string;
  answered: number;
  overall: ScoreCell;
  mainTypes: Partial<Record<MainType, ScoreCell>>;
  categories: Partial<Record<CategoryCode, ScoreCell>>;
};

export type Leaderboard = { scorerVersion: string; generatedAt: string; params: LeaderboardParams; entries: LeaderboardEntry[] };

const cell = (r: { value: number; ciLow: number | null; ciHigh: number | null; n: number }): ScoreCell => ({ value: r.value, ciLow: r.ciLow, ciHigh: r.ciHigh, n: r.n });

/** Approved, scored entries with Score rows of the current scorer version, ranked with ties. */
export async function getLeaderboard(params: LeaderboardParams): Promise<Leaderboard> {
  const scorerVersion = currentScorerVersion();
  const rows = await db.score.findMany({
    where: {
      scorerVersion,
      split: params.split,
      metric: params.metric,
      aggregate: params.aggregate,
      submission: { reviewState: "APPROVED", status: "SCORED" },
    },
    include: {
      submission: { select: { id: true, methodName: true, organization: true, modality: true, backbone: true, isBaseline: true, createdAt: true } },
    },
  });

  const bySub = new Map<string, Omit<LeaderboardEntry, "rank" | "tied" | "answered"> & { hasOverall: boolean }>();
  for (const r of rows) {
    const s = r.submission;
    let e = bySub.get(s.id);
    if (!e) {
      e = {
        id: s.id, methodName: s.methodName, organization: s.organization, modality: s.modality, backbone: s.backbone,
        isBaseline: s.isBaseline, createdAt: s.createdAt.toISOString(),
        overall: { value: 0, ciLow: null, ciHigh: null, n: 0 }, mainTypes: {}, categories: {}, hasOverall: false,
      };
      bySub.set(s.id, e);
    }
    if (r.scope === "ALL") {
      e.overall = cell(r);
      e.hasOverall = true;
    } else if ((MAIN_TYPES as readonly string[]).includes(r.scope)) e.mainTypes[r.scope as MainType] = cell(r);
    else if ((CATEGORY_CODES as readonly string[]).includes(r.scope)) e.categories[r.scope as CategoryCode] = cell(r);
  }
  // An entry without a headline score for this view (e.g. no judge run) is not ranked in it.
  const candidates = [...bySub.values()].filter((e) => e.hasOverall);
  const ranks = new Map(rankWithTies(candidates.map((e) => ({ id: e.id, ...e.overall }))).map((r) => [r.id, r]));
  const answered = await answeredCounts(candidates.map((e) => e.id), params.split);

  let entries: LeaderboardEntry[] = candidates.map(({ hasOverall: _h, ...e }) => ({
    ...e,
    rank: ranks.get(e.id)?.rank ?? 0,
    tied: ranks.get(e.id)?.tied ?? false,
    answered: answered.get(e.id) ?? 0,
  }));
  entries.sort((a, b) => a.rank - b.rank || b.overall.value - a.overall.value || a.methodName.localeCompare(b.methodName));
  if (params.q) {
    const q = params.q.toLowerCase();
    entries = entries.filter((e) => e.methodName.toLowerCase().includes(q) || (e.organization ?? "").toLowerCase().includes(q));
  }
  if (params.sort) entries = sortEntries(entries, params.sort);
  return { scorerVersion, generatedAt: new Date().toISOString(), params, entries };
}

async function answeredCounts(ids: string[], split: LeaderboardParams["split"]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const groups = await db.prediction.groupBy({
    by: ["submissionId"],
    where: { submissionId: { in: ids }, ...(split === "overall" ? {} : { split }) },
    _count: { _all: true },
  });
  return new Map(groups.map((g) => [g.submissionId, g._count._all]));
}

/** `sort` is a column key (rank, method, date, a main type or category code), "-" prefix = descending. */
export function sortEntries(entries: LeaderboardEntry[], sort: string): LeaderboardEntry[] {
  const desc = sort.startsWith("-");
  const key = desc ? sort.slice(1) : sort;
  const val = (e: LeaderboardEntry): number | string => {
    if (key === "method") return e.methodName.toLowerCase();
    if (key === "date") return e.createdAt;
    if (key === "rank" || key === "value") return key === "rank" ? e.rank : e.overall.value;
    if ((MAIN_TYPES as readonly string[]).includes(key)) return e.mainTypes[key as MainType]?.value ?? -1;
    if ((CATEGORY_CODES as readonly string[]).includes(key)) return e.categories[key as CategoryCode]?.value ?? -1;
    return e.rank;
  };
  return [...entries].sort((a, b) => {
    const x = val(a);
    const y = val(b);
    const c = x < y ? -1 : x > y ? 1 : 0;
    return desc ? -c : c;
  });
}
