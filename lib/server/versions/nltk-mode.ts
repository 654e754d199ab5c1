import "server-only";
import { isNltkModeChange, nltkLabelOf } from "@/lib/scoring";
import type { NltkVersion } from "@/lib/scoring/types";
import { db } from "../db";

/** The NLTK version the benchmark's official script pins (its requirements.txt: nltk==3.5). */
export const BENCHMARK_NLTK: NltkVersion = "3.5";

type NltkModeChange = { from: string; to: string; toIsPinned: boolean };

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
