// Evidence metrics (issue 48, docs/SCORING.md "Evidence"): did the method retrieve the gold session,
// and how much of its loss is retrieval vs reasoning. Worker and CLI both call evidenceReport on the
// same per-question input, sorted here by qid, so the numbers are identical bit for bit.
import {
  SPLITS,
  CATEGORY_CODES,
  EVIDENCE_METRICS,
  type CategoryCode,
  type EvidenceGroup,
  type EvidenceMetric,
  type EvidenceReport,
  type EvidenceStat,
  type Split,
  type SplitOrOverall,
} from "./types";
import type { PerQuestion } from "./score-submission";
import { DEFAULT_RESAMPLES, DEFAULT_SEED, percentileInterval, seedFor } from "./bootstrap";
import { drawIndex, mulberry32 } from "./prng";
import { groupBy } from "./group-by";

/** A judge score below this is a wrong answer for the failure split. */
export const WRONG_BELOW = 0.75;

export type EvidenceQuestion = {
  split: Split;
  category: CategoryCode;
  qid: string;
  /** The gold session number from answer_session (answer-key.ts); null: no usable evidence. */
  gold: number | null;
  /** Ranked; empty when the item sent none (or the question was unanswered). */
  retrieved: readonly string[];
  f1: number;
  /** undefined: not judged at all; null: the judge failed on this question. */
  judge?: number | null;
};

/**
 * The counted questions of a scoring run; judgeOf gives a question's judge score (undefined: no judge).
 * The worker builds the same list from stored rows (lib/server/scores/evidence-reports.ts).
 */
export function evidenceQuestions(
  perQuestion: readonly PerQuestion[],
  judgeOf?: (q: PerQuestion) => number | null,
): EvidenceQuestion[] {
  return perQuestion
    .filter((p) => p.counted)
    .map((p) => ({
      split: p.split,
      category: p.category,
      qid: p.qid ?? `${p.split}/q${p.index}`,
      gold: p.evidenceSession,
      retrieved: p.retrievedSessions,
      f1: p.f1,
      ...(judgeOf ? { judge: judgeOf(p) } : {}),
    }));
}

/** 1-based rank of the gold session in the list, or null when it is not there. */
export function goldRank(q: Pick<EvidenceQuestion, "gold" | "retrieved">): number | null {
  if (q.gold === null) return null;
  const at = q.retrieved.indexOf(`session${q.gold}`);
  return at < 0 ? null : at + 1;
}

/** Per question with gold evidence: 0/1 indicators and conditional values (NaN: not in that mean). */
function questionMetrics(q: EvidenceQuestion): number[] {
  const rank = goldRank(q);
  const hit = rank !== null;
  const judge = typeof q.judge === "number" ? q.judge : NaN;
  const wrong = judge < WRONG_BELOW ? 1 : NaN; // NaN compares false: not judged, not wrong
  const at = (k: number) => (hit && rank <= k ? 1 : 0);
  // In EVIDENCE_METRICS order.
  return [
    ...[at(1), at(3), at(5), hit ? 1 : 0],
    ...(hit ? [judge, NaN, q.f1, NaN] : [NaN, judge, NaN, q.f1]),
    ...[wrong * (hit ? 0 : 1), wrong * (hit ? 1 : 0)],
  ];
}

const M = EVIDENCE_METRICS.length;

/** A split x category stratum: values question-major (q * M + k); per resample, drawn sums and counts (k * R + b). */
type Cell = {
  split: Split;
  category: CategoryCode;
  n: number;
  values: Float64Array;
  sums: Float64Array;
  counts: Float64Array;
};

/** Where the gold session ranks: 0 first, 1 second or third, 2 fourth or fifth, 3 further down, 4 missed. */
const bucketOf = (rank: number | null) => (rank === null ? 4 : rank === 1 ? 0 : rank <= 3 ? 1 : rank <= 5 ? 2 : 3);

/**
 * §8's percentile bootstrap stratified by split x category, one index stream per cell shared by all
 * ten numbers: a conditional number is the ratio of the drawn questions' values to their count. A draw
 * only tallies the question's rank bucket, F1 and judge score, so the report costs about one pass.
 */
function resampleCell(cell: Cell, members: readonly EvidenceQuestion[], resamples: number, seed: number): void {
  const { n, sums, counts } = cell;
  const bucket = Uint8Array.from(members, (q) => bucketOf(goldRank(q)));
  const f1 = Float64Array.from(members, (q) => q.f1);
  const judge = Float64Array.from(members, (q) => (typeof q.judge === "number" ? q.judge : NaN));
  const next = mulberry32(seedFor(seed, `evidence|${cell.split}|${cell.category}`));
  const h = new Float64Array(5);
  const t = new Float64Array(8); // f1 sum miss/hit, judge sum miss/hit, judged miss/hit, wrong miss/hit
  for (let b = 0; b < resamples; b++) {
    h.fill(0);
    t.fill(0);
    for (let i = 0; i < n; i++) {
      const j = drawIndex(next(), n);
      const hit = bucket[j]! < 4 ? 1 : 0;
      h[bucket[j]!]++;
      t[hit] += f1[j]!;
      const v = judge[j]!;
      if (v === v) {
        t[2 + hit] += v;
        t[4 + hit]++;
        if (v < WRONG_BELOW) t[6 + hit]++;
      }
    }
    const wrong = t[6]! + t[7]!;
    // [sum, count] per number, in EVIDENCE_METRICS order.
    const tally = [
      ...[h[0]!, n, h[0]! + h[1]!, n, h[0]! + h[1]! + h[2]!, n, n - h[4]!, n],
      ...[t[3]!, t[5]!, t[2]!, t[4]!, t[1]!, n - h[4]!, t[0]!, h[4]!],
      ...[t[6]!, wrong, t[7]!, wrong],
    ];
    for (let k = 0; k < M; k++) {
      sums[k * resamples + b] = tally[2 * k]!;
      counts[k * resamples + b] = tally[2 * k + 1]!;
    }
  }
}

function statOf(cells: Cell[], k: number, resamples: number): EvidenceStat {
  let sum = 0;
  let n = 0;
  for (const c of cells)
    for (let q = 0; q < c.n; q++) {
      const v = c.values[q * M + k]!;
      if (v === v) {
        sum += v;
        n++;
      }
    }
  if (n === 0) return { value: null, ciLow: null, ciHigh: null, n: 0 };
  const dist: number[] = [];
  for (let b = 0; b < resamples; b++) {
    let s = 0;
    let c = 0;
    for (const cell of cells) {
      s += cell.sums[k * resamples + b]!;
      c += cell.counts[k * resamples + b]!;
    }
    if (c > 0) dist.push(s / c);
  }
  const { low, high } = percentileInterval(Float64Array.from(dist));
  return { value: sum / n, ciLow: low, ciHigh: high, n };
}

/** An entry reports evidence when any prediction lists a session; null otherwise ("not reported", never 0). */
export function evidenceReport(
  questions: readonly EvidenceQuestion[],
  opts: { resamples?: number; seed?: number } = {},
): EvidenceReport | null {
  if (!questions.some((q) => q.retrieved.length > 0)) return null;
  const resamples = opts.resamples ?? DEFAULT_RESAMPLES;
  const sorted = [...questions].sort((a, b) => (a.qid < b.qid ? -1 : a.qid > b.qid ? 1 : 0));
  const cells: Cell[] = [];
  for (const members of groupBy(
    sorted.filter((q) => q.gold !== null),
    (q) => `${q.split}|${q.category}`,
  ).values()) {
    const cell: Cell = {
      split: members[0]!.split,
      category: members[0]!.category,
      n: members.length,
      values: Float64Array.from(members.flatMap(questionMetrics)),
      sums: new Float64Array(M * resamples),
      counts: new Float64Array(M * resamples),
    };
    resampleCell(cell, members, resamples, opts.seed ?? DEFAULT_SEED);
    cells.push(cell);
  }
  const groups: EvidenceGroup[] = [];
  const splits: SplitOrOverall[] = [...SPLITS.filter((s) => sorted.some((q) => q.split === s)), "overall"];
  for (const split of splits)
    for (const scope of ["ALL", ...CATEGORY_CODES] as const) {
      const within = (q: { split: Split; category: CategoryCode }) =>
        (split === "overall" || q.split === split) && (scope === "ALL" || q.category === scope);
      const qs = sorted.filter(within);
      if (qs.length === 0) continue;
      const mine = cells.filter(within);
      const stats = Object.fromEntries(EVIDENCE_METRICS.map((m, k) => [m, statOf(mine, k, resamples)])) as Record<
        EvidenceMetric,
        EvidenceStat
      >;
      const n = qs.filter((q) => q.gold !== null).length;
      groups.push({ split, scope, n, noGold: qs.length - n, wrong: stats.wrongMissedEvidence.n, ...stats });
    }
  return { wrongBelow: WRONG_BELOW, groups };
}

export function evidenceGroup(
  report: EvidenceReport | null,
  split: SplitOrOverall = "overall",
  scope: EvidenceGroup["scope"] = "ALL",
): EvidenceGroup | null {
  return report?.groups.find((g) => g.split === split && g.scope === scope) ?? null;
}

/** The board's sortable number (all categories of a split); null when not reported. */
export function evidenceRecallAt5(report: EvidenceReport | null, split: SplitOrOverall = "overall"): number | null {
  return evidenceGroup(report, split)?.recallAt5.value ?? null;
}
