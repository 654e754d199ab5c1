import "server-only";
import { CATEGORY_CODES, MAIN_TYPES, type CategoryCode, type MainType } from "@/lib/scoring/types";
import { rankedBoard, scopeCell, type ScopedCells } from "./ranked-board";
import type { ScoreCell } from "../scores/score-rows";
import { referenceRows } from "./reference-rows";

type Metric = "f1" | "bleu1" | "precision" | "recall" | "judge";
type Split = "overall" | "dyadic" | "multi-party";

export type StandingRow = {
  scope: "ALL" | MainType | CategoryCode;
  cell: ScoreCell | null;
  rank: number | null;
  tied: boolean;
  of: number;
  best: number | null;
  median: number | null;
  /** None for the judge, or before the worker computed them. */
  reference: number | null;
};

export type Standing = { split: Split; metric: Metric; rows: StandingRow[] };

export async function entryStanding(id: string, metric: Metric, split: Split): Promise<Standing> {
  const [board, refs] = await Promise.all([
    rankedBoard({ split, metric, aggregate: "micro" }),
    referenceRows({ split, metric, aggregate: "micro" }),
  ]);
  const me = board.entries.find((e) => e.id === id);
  const scopes: Array<"ALL" | MainType | CategoryCode> = ["ALL", ...MAIN_TYPES, ...CATEGORY_CODES];
  const rows = scopes.map((scope): StandingRow => {
    const pick = (e: ScopedCells) => scopeCell(e, scope);
    const refValues = refs
      .map(pick)
      .filter((c): c is ScoreCell => Boolean(c))
      .map((c) => c.value);
    const r = me ? board.scopeRanks(scope).get(id) : undefined;
    return {
      scope,
      cell: me ? (pick(me) ?? null) : null,
      rank: r?.rank ?? null,
      tied: r?.tied ?? false,
      ...board.scopeStats(scope, me?.track),
      reference: refValues.length ? Math.max(...refValues) : null,
    };
  });
  return { split, metric, rows };
}
