import { describe, expect, it } from "vitest";
import { buildCalibrationSet, CALIBRATION_REFUSAL, stratifiedSample, type ReferenceQuestion } from "@/lib/scoring";

const q = (
  split: "dyadic" | "multi-party",
  dialogue: number,
  index: number,
  category: ReferenceQuestion["category"],
  answer: string,
): ReferenceQuestion => ({
  qid: `${split}/dialogue${dialogue}/session0/${index}`,
  split,
  dialogue,
  session: 0,
  index,
  questionText: `question ${index}`,
  questionImage: "",
  category,
  mainType: "RECALL" as ReferenceQuestion["mainType"],
  difficulty: "medium",
  answer,
});

const key: ReferenceQuestion[] = [
  ...Array.from({ length: 30 }, (_, i) => q("dyadic", i % 3, i, "UPR", `answer ${i}`)),
  ...Array.from({ length: 10 }, (_, i) => q("multi-party", 1, 100 + i, "AR", `refuse ${i}`)),
];

describe("stratifiedSample", () => {
  it("keeps each split x category's share, is seeded and has the asked size", () => {
    const s = stratifiedSample(key, 8, 1);
    expect(s).toHaveLength(8);
    expect(s.filter((x) => x.category === "AR")).toHaveLength(2);
    expect(stratifiedSample(key, 8, 1).map((x) => x.qid)).toEqual(s.map((x) => x.qid));
    expect(stratifiedSample(key, 8, 2).map((x) => x.qid)).not.toEqual(s.map((x) => x.qid));
    expect(stratifiedSample(key, 1000, 1)).toHaveLength(40);
  });
});

describe("buildCalibrationSet", () => {
  it("gives each question its reference, a same-dialogue wrong reference and the refusal", () => {
    const set = buildCalibrationSet(key, { sample: 40, seed: 1 });
    expect(set).toHaveLength(120);
    for (const c of set) {
      const own = key.find((k) => k.qid === c.item.id)!;
      expect(c.item.reference).toBe(own.answer);
      if (c.kind === "reference") expect([c.item.answer, c.expected]).toEqual([own.answer, 1]);
      if (c.kind === "refusal")
        expect([c.item.answer, c.expected]).toEqual([CALIBRATION_REFUSAL, own.category === "AR" ? 1 : 0]);
      if (c.kind === "topical") {
        const from = key.find((k) => k.answer === c.item.answer)!;
        expect(from.qid).not.toBe(own.qid);
        expect([from.split, from.dialogue]).toEqual([own.split, own.dialogue]);
        expect(c.expected).toBe(0);
      }
    }
  });
  it("skips the topical answer when the dialogue has no other answer", () => {
    const set = buildCalibrationSet([q("dyadic", 9, 0, "UPR", "x")], { sample: 5, seed: 1 });
    expect(set.map((c) => c.kind)).toEqual(["reference", "refusal"]);
  });
});
