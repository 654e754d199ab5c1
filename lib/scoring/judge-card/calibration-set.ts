// The calibration set (docs/JUDGE.md, "The judge card"): built from the answer key alone, so it
// needs no human labels.
import type { JudgeItem } from "../judge/batch";
import type { ReferenceQuestion } from "../answer-key";
import type { CategoryCode, Split } from "../types";
import { hashString, mulberry32, drawIndex } from "../prng";
import { normalizeText } from "../text-normalize";
import { groupBy } from "../group-by";

export const CALIBRATION_KINDS = ["reference", "topical", "refusal"] as const;
export type CalibrationKind = (typeof CALIBRATION_KINDS)[number];
export const CALIBRATION_REFUSAL = "Not mentioned in the conversation.";

export type CalibrationItem = {
  kind: CalibrationKind;
  category: CategoryCode;
  split: Split;
  expected: 0 | 1;
  item: JudgeItem;
};

function shuffle<T>(list: readonly T[], seed: number): T[] {
  const a = [...list];
  const next = mulberry32(seed);
  for (let i = a.length - 1; i > 0; i--) {
    const j = drawIndex(next(), i + 1);
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
}

/** Proportional per split x category, by largest remainder. */
export function stratifiedSample(
  questions: readonly ReferenceQuestion[],
  size: number,
  seed: number,
): ReferenceQuestion[] {
  if (size >= questions.length) return [...questions];
  const strata = groupBy(questions, (q) => `${q.split}/${q.category}`);
  const keys = [...strata.keys()].sort();
  const quota = keys.map((k) => (strata.get(k)!.length * size) / questions.length);
  const take = quota.map(Math.floor);
  let left = size - take.reduce((s, v) => s + v, 0);
  const byRemainder = keys.map((_, i) => i).sort((i, j) => quota[j] - take[j] - (quota[i] - take[i]) || i - j);
  for (const i of byRemainder) {
    if (left <= 0) break;
    take[i]++;
    left--;
  }
  return keys.flatMap((k, i) => shuffle(strata.get(k)!, hashString(k, seed >>> 0)).slice(0, take[i]));
}

const itemOf = (q: ReferenceQuestion, answer: string): JudgeItem => ({
  id: q.qid,
  split: q.split,
  where: { dialogue: q.dialogue, session: q.session },
  question: q.questionText,
  reference: q.answer,
  answer,
});

export function buildCalibrationSet(
  questions: readonly ReferenceQuestion[],
  opts: { sample: number; seed: number },
): CalibrationItem[] {
  const dialogues = groupBy(questions, (q) => `${q.split}/${q.dialogue}`);
  const out: CalibrationItem[] = [];
  for (const q of stratifiedSample(questions, opts.sample, opts.seed)) {
    const base = { category: q.category, split: q.split };
    out.push({ ...base, kind: "reference", expected: 1, item: itemOf(q, q.answer) });
    // On topic, but the answer to another question.
    const own = normalizeText(q.answer);
    const others = dialogues
      .get(`${q.split}/${q.dialogue}`)!
      .filter((o) => o.qid !== q.qid && normalizeText(o.answer) !== own && o.answer.trim() !== "");
    if (others.length > 0) {
      const pick = others[drawIndex(mulberry32(hashString(q.qid, opts.seed >>> 0))(), others.length)];
      out.push({ ...base, kind: "topical", expected: 0, item: itemOf(q, pick.answer) });
    }
    out.push({ ...base, kind: "refusal", expected: q.category === "AR" ? 1 : 0, item: itemOf(q, CALIBRATION_REFUSAL) });
  }
  return out;
}
