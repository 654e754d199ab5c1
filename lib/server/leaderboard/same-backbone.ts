import "server-only";
import { backboneKey, OTHER_BACKBONE } from "@/lib/validation/backbones";
import { compareEntries, type PairedResult } from "./compare";
import { rankedBoard } from "./ranked-board";
import type { LeaderboardParams } from "./params";

// "other" backbones are not one model, so no line.

export type SameBackbone = {
  backbone: string;
  other: { id: string; methodName: string; isBaseline: boolean; value: number };
  entryValue: number;
  /** entry minus other */
  diff: number;
  /** null without per-question scores */
  paired: PairedResult | null;
};

export async function sameBackboneComparison(
  entryId: string,
  metric: LeaderboardParams["metric"],
): Promise<SameBackbone | null> {
  const board = await rankedBoard({ split: "overall", metric, aggregate: "micro" });
  const self = board.entries.find((e) => e.id === entryId);
  const key = backboneKey(self?.backbone);
  if (!self || !key || key === OTHER_BACKBONE) return null;
  // Board entries are in rank order: the first other one is the best.
  const other = board.entries.find((e) => e.id !== entryId && backboneKey(e.backbone) === key);
  if (!other) return null;
  const paired = (await compareEntries(entryId, other.id, metric))?.find((r) => r.scope === "ALL") ?? null;
  return {
    backbone: key,
    other: { id: other.id, methodName: other.methodName, isBaseline: other.isBaseline, value: other.overall.value },
    entryValue: self.overall.value,
    diff: self.overall.value - other.overall.value,
    paired,
  };
}
