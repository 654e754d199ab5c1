// Evidence metrics (issue 48, docs/SCORING.md "Evidence"): did the method retrieve the gold session,
// and how much of its loss is retrieval vs reasoning. Worker and CLI both call evidenceReport on the
// same per-question input, sorted here by qid, so the numbers are identical bit for bit.
import {
  SPLITS,
  CATEGORY_CODES,
  type CategoryCode,
  type EvidenceGroup,
  type EvidenceMetric,
  type EvidenceReport,
  type EvidenceStat,
  type Split,
  type SplitOrOverall,
} from "./types";
import type { PerQuestion } from "./score-submission";
import { bootstrapMeans, DEFAULT_RESAMPLES, DEFAULT_SEED, percentileInterval, seedFor } from "./bootstrap";

/** A judge score below this is a wrong answer for the failure split. */
export const WRONG_BELOW = 0.75;
export const RECALL_KS = [1, 3, 5] as const;

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

/** An entry reports evidence when any prediction lists a session; null otherwise ("not reported", never 0). */
export function evidenceReport(
  questions: readonly EvidenceQuestion[],
  opts: { resamples?: number; seed?: number } = {},
): EvidenceReport | null {
  if (!questions.some((q) => q.retrieved.length > 0)) return null;
  const resamples = opts.resamples ?? DEFAULT_RESAMPLES;
  const seed = opts.seed ?? DEFAULT_SEED;
  const sorted = [...questions].sort((a, b) => (a.qid < b.qid ? -1 : a.qid > b.qid ? 1 : 0));
  const groups: EvidenceGroup[] = [];
  const splits: SplitOrOverall[] = [...SPLITS.filter((s) => sorted.some((q) => q.split === s)), "overall"];
  for (const split of splits) {
    const inSplit = split === "overall" ? sorted : sorted.filter((q) => q.split === split);
    for (const scope of ["ALL", ...CATEGORY_CODES] as const) {
      const qs = scope === "ALL" ? inSplit : inSplit.filter((q) => q.category === scope);
      if (qs.length > 0) groups.push(groupFor(split, scope, qs, resamples, seed));
    }
  }
  return { wrongBelow: WRONG_BELOW, groups };
}

function groupFor(
  split: SplitOrOverall,
  scope: EvidenceGroup["scope"],
  qs: readonly EvidenceQuestion[],
  resamples: number,
  seed: number,
): EvidenceGroup {
  const withGold = qs.filter((q) => q.gold !== null);
  const ranks = withGold.map(goldRank);
  const hit = (k: number) => ranks.map((r) => (r !== null && r <= k ? 1 : 0));
  const judged = (want: boolean) =>
    withGold.flatMap((q, i) => ((ranks[i] !== null) === want && typeof q.judge === "number" ? [q.judge] : []));
  const f1s = (want: boolean) => withGold.flatMap((q, i) => ((ranks[i] !== null) === want ? [q.f1] : []));
  const wrong = withGold.flatMap((q, i) =>
    typeof q.judge === "number" && q.judge < WRONG_BELOW ? [ranks[i] === null ? 1 : 0] : [],
  );
  const stat = (name: EvidenceMetric, values: number[]): EvidenceStat => {
    if (values.length === 0) return { value: null, ciLow: null, ciHigh: null, n: 0 };
    const dist = bootstrapMeans(values, resamples, seedFor(seed, `evidence|${split}|${scope}|${name}`));
    const { low, high } = percentileInterval(dist);
    return { value: values.reduce((a, b) => a + b, 0) / values.length, ciLow: low, ciHigh: high, n: values.length };
  };
  return {
    split,
    scope,
    n: withGold.length,
    noGold: qs.length - withGold.length,
    wrong: wrong.length,
    recallAt1: stat("recallAt1", hit(1)),
    recallAt3: stat("recallAt3", hit(3)),
    recallAt5: stat("recallAt5", hit(5)),
    recallAtAll: stat("recallAtAll", hit(Infinity)),
    judgeWhenRetrieved: stat("judgeWhenRetrieved", judged(true)),
    judgeWhenMissed: stat("judgeWhenMissed", judged(false)),
    f1WhenRetrieved: stat("f1WhenRetrieved", f1s(true)),
    f1WhenMissed: stat("f1WhenMissed", f1s(false)),
    wrongMissedEvidence: stat("wrongMissedEvidence", wrong),
    wrongHadEvidence: stat(
      "wrongHadEvidence",
      wrong.map((m) => 1 - m),
    ),
  };
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

export type EvidenceCount = { split: Split; category: CategoryCode; questions: number; withEvidence: number };

/** The import's report: how many key questions have usable gold evidence, per split and category. */
export function evidenceCounts(
  key: ReadonlyArray<{ split: Split; category: CategoryCode; evidenceSession?: number | null }>,
): EvidenceCount[] {
  const out: EvidenceCount[] = [];
  for (const split of SPLITS)
    for (const category of CATEGORY_CODES) {
      const qs = key.filter((q) => q.split === split && q.category === category);
      const withEvidence = qs.filter((q) => q.evidenceSession != null).length;
      if (qs.length > 0) out.push({ split, category, questions: qs.length, withEvidence });
    }
  return out;
}
