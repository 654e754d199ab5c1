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
import { aggregateMetrics } from "./aggregate";

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

/** Per question with gold evidence: 0/1 indicators and conditional values (null: not in that mean). */
function questionMetrics(q: EvidenceQuestion): Record<EvidenceMetric, number | null> {
  const rank = goldRank(q);
  const hit = rank !== null;
  const judged = typeof q.judge === "number";
  const wrong = judged && q.judge! < WRONG_BELOW;
  const at = (k: number) => (hit && rank <= k ? 1 : 0);
  return {
    recallAt1: at(1),
    recallAt3: at(3),
    recallAt5: at(5),
    recallAtAll: hit ? 1 : 0,
    judgeWhenRetrieved: judged && hit ? q.judge! : null,
    judgeWhenMissed: judged && !hit ? q.judge! : null,
    f1WhenRetrieved: hit ? q.f1 : null,
    f1WhenMissed: hit ? null : q.f1,
    wrongMissedEvidence: wrong ? (hit ? 0 : 1) : null,
    wrongHadEvidence: wrong ? (hit ? 1 : 0) : null,
  };
}

const NONE: EvidenceStat = { value: null, ciLow: null, ciHigh: null, n: 0 };

/**
 * An entry reports evidence when any prediction lists a session; null otherwise ("not reported",
 * never 0). The means and intervals are the Score rows' (aggregateMetrics: micro, bootstrap
 * stratified by split x category), so the evidence numbers cost one pass like the other scores.
 */
export function evidenceReport(
  questions: readonly EvidenceQuestion[],
  opts: { resamples?: number; seed?: number } = {},
): EvidenceReport | null {
  if (!questions.some((q) => q.retrieved.length > 0)) return null;
  const sorted = [...questions].sort((a, b) => (a.qid < b.qid ? -1 : a.qid > b.qid ? 1 : 0));
  const withGold = sorted.filter((q) => q.gold !== null);
  const rows = aggregateMetrics(
    withGold.map((q) => ({ split: q.split, category: q.category, qid: q.qid, metrics: questionMetrics(q) })),
    EVIDENCE_METRICS,
    opts,
  );
  const micro = new Map(
    rows.filter((r) => r.aggregate === "micro").map((r) => [`${r.split}|${r.scope}|${r.metric}`, r]),
  );
  const groups: EvidenceGroup[] = [];
  const splits: SplitOrOverall[] = [...SPLITS.filter((s) => sorted.some((q) => q.split === s)), "overall"];
  for (const split of splits)
    for (const scope of ["ALL", ...CATEGORY_CODES] as const) {
      const qs = sorted.filter(
        (q) => (split === "overall" || q.split === split) && (scope === "ALL" || q.category === scope),
      );
      if (qs.length === 0) continue;
      const stat = (m: EvidenceMetric): EvidenceStat => {
        const r = micro.get(`${split}|${scope}|${m}`);
        return r ? { value: r.value, ciLow: r.ciLow, ciHigh: r.ciHigh, n: r.n } : NONE;
      };
      const stats = Object.fromEntries(EVIDENCE_METRICS.map((m) => [m, stat(m)])) as Record<
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
