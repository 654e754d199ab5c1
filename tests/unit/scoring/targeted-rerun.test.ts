import { describe, expect, it } from "vitest";
import { targetedRerun, TARGETED_RERUN_WRONG_BELOW, type PreviousAnswer } from "@/lib/scoring/targeted-rerun";

// A crafted pair: the previous submission got q2 and q4 wrong (judge < 0.75), q1 and q3 right.
const previous: PreviousAnswer[] = [
  { key: "dyadic/1", answer: "Alice", judge: 1 },
  { key: "dyadic/2", answer: "Bob", judge: 0 },
  { key: "multi-party/3", answer: "in Paris", judge: 0.75 },
  { key: "multi-party/4", answer: "a cat", judge: 0.5 },
];
const next = (changes: Record<string, string>) =>
  previous.map((p) => ({ key: p.key, answer: changes[p.key] ?? p.answer }));

describe("targetedRerun", () => {
  it("flags a submission that differs only on questions the previous one got wrong", () => {
    expect(targetedRerun(previous, next({ "dyadic/2": "Carol", "multi-party/4": "a dog" }))).toEqual({
      changed: 2,
      wrongBefore: 2,
    });
    expect(targetedRerun(previous, next({ "dyadic/2": "Carol" }))).toEqual({ changed: 1, wrongBefore: 2 });
  });

  it("does not flag a change on a question the previous one got right (0.75 counts as right)", () => {
    expect(TARGETED_RERUN_WRONG_BELOW).toBe(0.75);
    expect(targetedRerun(previous, next({ "dyadic/2": "Carol", "dyadic/1": "Alicia" }))).toBeNull();
    expect(targetedRerun(previous, next({ "dyadic/2": "Carol", "multi-party/3": "in Lyon" }))).toBeNull();
  });

  it("does not flag identical files, whitespace-only changes or unjudged previous submissions", () => {
    expect(targetedRerun(previous, next({}))).toBeNull();
    expect(targetedRerun(previous, next({ "dyadic/1": "  Alice ", "dyadic/2": "Bob\n" }))).toBeNull();
    const unjudged = previous.map((p) => ({ ...p, judge: null }));
    expect(targetedRerun(unjudged, next({ "dyadic/2": "Carol" }))).toBeNull();
  });

  it("counts a question only one of the two answers as a difference", () => {
    const dropRight = next({ "dyadic/2": "Carol" }).filter((n) => n.key !== "dyadic/1");
    expect(targetedRerun(previous, dropRight)).toBeNull();
    const dropWrong = next({ "dyadic/2": "Carol" }).filter((n) => n.key !== "multi-party/4");
    expect(targetedRerun(previous, dropWrong)).toEqual({ changed: 2, wrongBefore: 2 });
    expect(targetedRerun(previous, [...next({}), { key: "dyadic/9", answer: "new" }])).toBeNull();
  });
});
