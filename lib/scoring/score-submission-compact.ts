// scoreSubmission for large local files (the CLI): the same rows and issues, but each scored
// question is reduced at once to four float64s per (split, category) stratum plus counters, and
// optionally handed to `onQuestion` (e.g. to stream --per-question lines). Nothing per question
// (strings, tokens, objects) outlives its own scoring step.
import { SPLITS, type CategoryCode, type LexicalMetric, type Split } from "./types";
import { aggregateGroups, ABSENT, type MetricGroup, type ScoreRow } from "./aggregate";
import { visitSubmission, type PerQuestion, type ScoreInput } from "./score-submission";
import type { ValidationIssue } from "./issues";

export type SplitCounts = { predictions: number; matched: number; unmatched: number; unanswered: number; answerDiffers: number };
export type CompactScoreOutput = { rows: ScoreRow[]; scorerVersion: string; issues: ValidationIssue[]; counts: Record<Split, SplitCounts> };

const METRICS: readonly LexicalMetric[] = ["precision", "recall", "f1", "bleu1"];

/** Growable column store of one stratum: metric m of question i is at data[i * 4 + m]. */
class Stratum {
  size = 0;
  private data = new Float64Array(64 * METRICS.length);
  constructor(readonly split: Split, readonly category: CategoryCode) {}

  add(p: PerQuestion): void {
    if ((this.size + 1) * METRICS.length > this.data.length) {
      const bigger = new Float64Array(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    const at = this.size * METRICS.length;
    for (let m = 0; m < METRICS.length; m++) this.data[at + m] = p[METRICS[m]];
    this.size++;
  }

  group(): MetricGroup {
    const data = this.data;
    return {
      split: this.split,
      category: this.category,
      size: this.size,
      value: (i, metric) => {
        const m = METRICS.indexOf(metric as LexicalMetric);
        return m < 0 ? ABSENT : data[i * METRICS.length + m];
      },
    };
  }
}

export function scoreSubmissionCompact(input: ScoreInput, onQuestion?: (p: PerQuestion) => void): CompactScoreOutput {
  // Insertion order = first-seen order, as in aggregateScores: it fixes the summation order.
  const strata = new Map<string, Stratum>();
  const zero = (): SplitCounts => ({ predictions: 0, matched: 0, unmatched: 0, unanswered: 0, answerDiffers: 0 });
  const counts = Object.fromEntries(SPLITS.map((s) => [s, zero()])) as Record<Split, SplitCounts>;
  const { issues, scorerVersion } = visitSubmission(input, (p) => {
    const c = counts[p.split];
    if (p.index === null) c.unanswered++;
    else {
      c.predictions++;
      if (p.qid !== null) c.matched++;
      if (!p.counted) c.unmatched++;
      if (p.answerDiffers) c.answerDiffers++;
    }
    if (p.counted) {
      const key = `${p.split}|${p.category}`;
      let stratum = strata.get(key);
      if (!stratum) strata.set(key, (stratum = new Stratum(p.split, p.category)));
      stratum.add(p);
    }
    onQuestion?.(p);
  });
  const rows = aggregateGroups([...strata.values()].map((s) => s.group()), { resamples: input.resamples, seed: input.seed });
  return { rows, scorerVersion, issues, counts };
}
