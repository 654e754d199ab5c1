import "server-only";
import { isNltkModeChange, nltkLabelOf } from "@/lib/scoring";
import type { NltkVersion } from "@/lib/scoring/types";
import { db } from "../db";

// What the rescore and About pages say about an NLTK mode change: each version's mode and how much BLEU-1 moved.

/** The NLTK version the benchmark's official script pins (its requirements.txt: nltk==3.5). */
export const BENCHMARK_NLTK: NltkVersion = "3.5";

type NltkModeChange = { from: string; to: string; toIsPinned: boolean };

/** "NLTK 3.8" -> "NLTK 3.5" when the two versions differ only in NLTK mode, else null. */
export function nltkModeChange(from: string, to: string): NltkModeChange | null {
  if (!isNltkModeChange(from, to)) return null;
  return { from: nltkLabelOf(from)!, to: nltkLabelOf(to)!, toIsPinned: nltkLabelOf(to) === `NLTK ${BENCHMARK_NLTK}` };
}

export type Bleu1Change = {
  from: string;
  to: string;
  entries: number;
  compared: number;
  changed: number;
  meanDelta: number | null;
};

/** The version with per-question rows that differs from `version` only in NLTK mode, most rows first; null without one. */
export async function nltkSiblingWithRows(version: string): Promise<string | null> {
  const g = await db.score.groupBy({
    by: ["scorerVersion"],
    where: { split: "overall", scope: "ALL", aggregate: "micro", metric: "f1" },
    _count: { _all: true },
  });
  const siblings = g
    .filter((r) => isNltkModeChange(r.scorerVersion, version))
    .sort((a, b) => b._count._all - a._count._all || a.scorerVersion.localeCompare(b.scorerVersion));
  return siblings[0]?.scorerVersion ?? null;
}
