// Run-to-run noise of a judge, from repeated judgements (the agreement check).

export type JudgeNoise = {
  compared: number;
  differ: number;
  differRate: number | null;
  /** SD of one judgement's noise: sqrt(mean(d^2) / 2), d = stored - again (two independent draws). */
  perQuestionSd: number | null;
  entryMeanSd: number | null;
  questions: number;
};

const EPS = 1e-9;

/** From pooled counts of the agreement checks: d = stored - again per question, `differ` where d != 0. */
export function judgeNoiseFromSums(
  s: { compared: number; differ: number; sumSq: number },
  questionsPerEntry: number,
): JudgeNoise {
  const perQuestionSd = s.compared ? Math.sqrt(s.sumSq / s.compared / 2) : null;
  return {
    compared: s.compared,
    differ: s.differ,
    differRate: s.compared ? s.differ / s.compared : null,
    perQuestionSd,
    entryMeanSd: perQuestionSd !== null && questionsPerEntry > 0 ? perQuestionSd / Math.sqrt(questionsPerEntry) : null,
    questions: questionsPerEntry,
  };
}

/** 95% half-width of the difference of two entries' judge means under this noise alone. */
export function noiseMargin(perQuestionSd: number | null, nA: number, nB: number): number | null {
  if (perQuestionSd === null || nA <= 0 || nB <= 0) return null;
  return 1.96 * perQuestionSd * Math.sqrt(1 / nA + 1 / nB);
}

/** Never true without measured noise. */
export function withinJudgeNoise(
  a: { mean: number; n: number },
  b: { mean: number; n: number },
  perQuestionSd: number | null,
): boolean {
  const m = noiseMargin(perQuestionSd, a.n, b.n);
  return m !== null && m > 0 && Math.abs(a.mean - b.mean) <= m + EPS;
}
