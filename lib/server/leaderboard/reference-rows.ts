import "server-only";
import { z } from "zod";
import { CATEGORY_CODES, MAIN_TYPES, type CategoryCode } from "@/lib/scoring/types";
import { db } from "../db";
import { placeScore, type ScopedCells } from "./ranked-board";
import type { LeaderboardParams } from "./params";
import { scoreCellSchema } from "../scores/score-rows";
import { publishedScorerVersion } from "../versions/published-version";
import { REFERENCE_KINDS, referenceKindSchema, type ReferenceKind } from "./reference-systems";

export const referenceRowSchema = z
  .strictObject({
    kind: referenceKindSchema,
    overall: scoreCellSchema,
    mainTypes: z.partialRecord(z.enum(MAIN_TYPES), scoreCellSchema),
    categories: z.partialRecord(z.enum(CATEGORY_CODES), scoreCellSchema),
  })
  .meta({ description: "A trivial reference system scored like an entry (lexical metrics only; never ranked)." });
export type ReferenceRow = ScopedCells & { kind: ReferenceKind };

type Key = Pick<LeaderboardParams, "split" | "metric" | "aggregate">;
export async function referenceRows(key: Key): Promise<ReferenceRow[]> {
  // That key's references, also while another key is being rolled out.
  return read(await publishedScorerVersion(), key);
}

async function read(scorerVersion: string, key: Key): Promise<ReferenceRow[]> {
  const rows = await db.referenceScore.findMany({
    where: { scorerVersion, split: key.split, metric: key.metric, aggregate: key.aggregate },
    select: { kind: true, scope: true, value: true, ciLow: true, ciHigh: true, n: true },
  });
  const byKind = new Map<string, ReferenceRow & { hasOverall: boolean }>();
  for (const r of rows) {
    let e = byKind.get(r.kind);
    if (!e)
      byKind.set(
        r.kind,
        (e = {
          kind: r.kind as ReferenceKind,
          overall: { value: 0, ciLow: null, ciHigh: null, n: 0 },
          mainTypes: {},
          categories: {},
          hasOverall: false,
        }),
      );
    if (placeScore(e, r)) e.hasOverall = true;
  }
  return REFERENCE_KINDS.flatMap((kind) => {
    const e = byKind.get(kind);
    return e?.hasOverall ? [{ kind, overall: e.overall, mainTypes: e.mainTypes, categories: e.categories }] : [];
  });
}

/** An entry's cell below it is no better than a trivial answer. */
export function bestReferenceByCategory(refs: readonly ReferenceRow[]): Partial<Record<CategoryCode, number>> {
  const best: Partial<Record<CategoryCode, number>> = {};
  for (const r of refs)
    for (const c of CATEGORY_CODES) {
      const v = r.categories[c]?.value;
      if (v !== undefined && v > (best[c] ?? -Infinity)) best[c] = v;
    }
  return best;
}
