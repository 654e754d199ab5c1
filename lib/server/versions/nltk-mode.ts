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

const TTL_MS = 60_000;
const memo = new Map<string, { at: number; value: Promise<Bleu1Change> }>();

/** How many BLEU-1 values differ between two versions on approved entries; cached a minute since written rows never change. */
export function bleu1Changes(from: string, to: string): Promise<Bleu1Change> {
  const k = `${from}|${to}`;
  const hit = memo.get(k);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.value;
  const value = db.$queryRaw<Array<{ entries: bigint; compared: bigint; changed: bigint; mean: number | null }>>`
      SELECT count(DISTINCT a."submissionId") AS entries, count(*) AS compared,
        count(*) FILTER (WHERE abs(a.bleu1 - b.bleu1) > 1e-12) AS changed, avg(b.bleu1 - a.bleu1) AS mean
      FROM "QuestionScore" a
      JOIN "QuestionScore" b ON b."submissionId" = a."submissionId" AND b.split = a.split AND b.index = a.index AND b."scorerVersion" = ${to}
      JOIN "Submission" s ON s.id = a."submissionId"
      WHERE a."scorerVersion" = ${from} AND s."reviewState" = 'APPROVED' AND a.bleu1 IS NOT NULL AND b.bleu1 IS NOT NULL`.then(
    ([r]) => ({
      from,
      to,
      entries: Number(r?.entries ?? 0),
      compared: Number(r?.compared ?? 0),
      changed: Number(r?.changed ?? 0),
      meanDelta: r?.mean ?? null,
    }),
  );
  if (memo.size > 50) memo.clear();
  memo.set(k, { at: Date.now(), value });
  value.catch(() => memo.delete(k));
  return value;
}

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
