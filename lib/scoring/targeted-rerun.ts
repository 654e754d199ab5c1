// The "targeted re-run" pattern (issue 49 point 5, mentedb#124): an account re-runs only the questions
// its previous submission of a method got wrong and keeps the flips. Its new submission then differs
// from the previous one only on those questions and on none of the others. A real change to a method
// also moves some answers it already had right, so that is the tell; the reviewer decides.

/** The judge score below which a question counts as got wrong. */
export const TARGETED_RERUN_WRONG_BELOW = 0.75;

/** One question of the previous submission: its answer and judge score (null: not judged). */
export type PreviousAnswer = { key: string; answer: string; judge: number | null };
export type NextAnswer = { key: string; answer: string };
export type TargetedRerun = {
  /** Questions whose answer differs (or that only one of the two answers). */
  changed: number;
  /** Questions the previous submission got wrong. */
  wrongBefore: number;
};

// Whitespace alone is not a different answer.
const norm = (s: string) => s.trim().replace(/\s+/g, " ");

/**
 * The pattern's numbers when `next` differs from `previous` only on questions `previous` got wrong,
 * else null (no change at all, a change on a question it had right or did not get judged, or a
 * previous submission without judge scores, where "wrong" is unknown).
 */
export function targetedRerun(previous: readonly PreviousAnswer[], next: readonly NextAnswer[]): TargetedRerun | null {
  if (!previous.some((p) => p.judge !== null)) return null;
  const before = new Map(previous.map((p) => [p.key, p]));
  const after = new Map(next.map((n) => [n.key, norm(n.answer)]));
  const wrong = (key: string) => {
    const j = before.get(key)?.judge;
    return j !== null && j !== undefined && j < TARGETED_RERUN_WRONG_BELOW;
  };
  let changed = 0;
  for (const key of new Set([...before.keys(), ...after.keys()])) {
    const a = before.get(key);
    const b = after.get(key);
    if (a !== undefined && b !== undefined && norm(a.answer) === b) continue;
    if (!wrong(key)) return null;
    changed++;
  }
  return changed > 0 ? { changed, wrongBefore: previous.filter((p) => wrong(p.key)).length } : null;
}
