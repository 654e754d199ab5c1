import "server-only";
import { CATEGORY_CODES, MAIN_TYPES } from "@/lib/scoring/types";
import { rankedBoard, scopeCell, type LeaderboardEntry, type RankedBoard } from "./ranked-board";
import { PAGE_SIZE, type LeaderboardParams } from "./params";
import { env } from "../env";
import { backboneKey } from "@/lib/validation/backbones";
import { listTombstones, type Tombstone } from "./tombstones";
import { referenceRows, type ReferenceRow } from "./reference-rows";

export type ViewEntry = LeaderboardEntry & { scopeRank?: { scope: string; rank: number; tied: boolean } };

export type Leaderboard = Pick<RankedBoard, "answerKey" | "notRescored"> & {
  scorerVersion: string;
  generatedAt: string;
  params: LeaderboardParams;
  /** Matching the filters, all pages. */
  total: number;
  /** Before filters. */
  boardSize: number;
  pages: number;
  entries: ViewEntry[];
  lowNMin: number;
  /** Filled only for `status=withdrawn`. */
  withdrawn: Tombstone[];
  references: ReferenceRow[];
  /** The memory view only: the other tracks' entries (same filters), shown as labelled lines, never ranked. */
  trackReferences: ViewEntry[];
};

const scopeOf = (sort: string | undefined): string | null => {
  const key = sort?.replace(/^-/, "");
  return key && ((MAIN_TYPES as readonly string[]).includes(key) || (CATEGORY_CODES as readonly string[]).includes(key))
    ? key
    : null;
};

/** Ranks stay those of the whole board; `all: true` returns every match. */
export async function getLeaderboard(params: LeaderboardParams, opts: { all?: boolean } = {}): Promise<Leaderboard> {
  const [board, references] = await Promise.all([rankedBoard(params), referenceRows(params)]);
  const matches = (e: { methodName: string; organization: string | null }) =>
    !params.q ||
    e.methodName.toLowerCase().includes(params.q.toLowerCase()) ||
    (e.organization ?? "").toLowerCase().includes(params.q.toLowerCase());
  if (params.status === "withdrawn") {
    const withdrawn = (await listTombstones()).filter(matches);
    return {
      scorerVersion: board.scorerVersion,
      answerKey: board.answerKey,
      notRescored: board.notRescored,
      generatedAt: board.generatedAt,
      params: { ...params, page: 1 },
      total: 0,
      boardSize: board.entries.length,
      pages: 1,
      entries: [],
      lowNMin: env.LOW_N_MIN,
      withdrawn,
      references: [],
      trackReferences: [],
    };
  }
  let entries: ViewEntry[] = board.entries;
  if (params.modality !== "all") entries = entries.filter((e) => e.modality === params.modality);
  if (params.baselines === "exclude") entries = entries.filter((e) => !e.isBaseline);
  if (params.baselines === "only") entries = entries.filter((e) => e.isBaseline);
  if (params.verified) entries = entries.filter((e) => e.verified);
  if (params.backbone) entries = entries.filter((e) => backboneKey(e.backbone) === params.backbone);
  if (params.q) entries = entries.filter(matches);
  const trackReferences = params.track === "memory" ? entries.filter((e) => e.track !== "memory") : [];
  entries = entries.filter((e) => e.track === params.track);
  const scope = scopeOf(params.sort);
  if (scope) {
    const ranks = board.scopeRanks(scope);
    entries = entries.map((e) => {
      const r = ranks.get(e.id);
      return r ? { ...e, scopeRank: { scope, ...r } } : e;
    });
  }
  if (params.sort) entries = sortEntries(entries, params.sort);
  const total = entries.length;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const page = Math.min(params.page, pages);
  if (!opts.all) entries = entries.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  return {
    scorerVersion: board.scorerVersion,
    answerKey: board.answerKey,
    notRescored: board.notRescored,
    generatedAt: board.generatedAt,
    params: { ...params, page },
    total,
    boardSize: board.entries.filter((e) => e.track === params.track).length,
    pages,
    entries,
    lowNMin: env.LOW_N_MIN,
    withdrawn: [],
    references,
    trackReferences,
  };
}

/** `sort` is a column key, "-" prefix = descending. */
export function sortEntries<T extends LeaderboardEntry>(entries: T[], sort: string): T[] {
  const desc = sort.startsWith("-");
  const key = desc ? sort.slice(1) : sort;
  const val = (e: T): number | string => {
    if (key === "method") return e.methodName.toLowerCase();
    if (key === "org") return (e.organization ?? "").toLowerCase();
    if (key === "date") return e.createdAt;
    if (key === "answered") return e.answered;
    if (key === "rank" || key === "value") return key === "rank" ? e.rank : e.overall.value;
    if (key === "refusalRate" || key === "overRefusalRate") return e[key] ?? -1;
    // Not reported sorts last, never as 0 recall.
    if (key === "recallAt5") return e.evidence?.recallAt5.value ?? -1;
    return scopeOf(key) ? (scopeCell(e, key)?.value ?? -1) : e.rank;
  };
  return [...entries].sort((a, b) => {
    const x = val(a);
    const y = val(b);
    const c = x < y ? -1 : x > y ? 1 : 0;
    return desc ? -c : c;
  });
}
