// The oracle vectors (tests/fixtures/lexical/, see its README.md), read as JSON lines.
import { readFileSync } from "node:fs";
import type { LexicalScores } from "@/lib/scoring/types";

export function readFixture<T>(name: string): T[] {
  return readFileSync(new URL(`../../../fixtures/lexical/${name}`, import.meta.url), "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as T);
}

export const metricList = (s: LexicalScores): number[] => [s.precision, s.recall, s.f1, s.bleu1];

/** Bit-exact equality of metric lists (Object.is: -0 and NaN count). */
export const sameMetrics = (got: readonly number[], want: readonly number[]): boolean =>
  got.length === want.length && got.every((v, i) => Object.is(v, want[i]));
