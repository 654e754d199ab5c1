import { describe, expect, it } from "vitest";
import {
  calibrationStats,
  compareBoards,
  judgeNoiseFromSums,
  kendallTau,
  noiseMargin,
  rateWithInterval,
  weightedKappa,
  withinJudgeNoise,
} from "@/lib/scoring";

describe("weightedKappa (linear weights on the five levels)", () => {
  it("is 1 for identical ratings and matches a hand-computed value", () => {
    expect(weightedKappa([0, 0.5, 1], [0, 0.5, 1])).toBeCloseTo(1, 12);
    // a = [1,1,0,0], b = [1,0,0,0] on levels 0..4 (indices 4,4,0,0 vs 4,0,0,0).
    // observed weighted disagreement: one pair at distance 4/4 -> 1/4 = 0.25
    // expected: rows {0:2,4:2}, cols {0:3,4:1}; w=1 only for (0,4) and (4,0): (2*1 + 2*3)/16 = 0.5
    expect(weightedKappa([1, 1, 0, 0], [1, 0, 0, 0])).toBeCloseTo(1 - 0.25 / 0.5, 12);
  });
  it("is null without items or without chance disagreement", () => {
    expect(weightedKappa([], [])).toBeNull();
    expect(weightedKappa([1, 1], [1, 1])).toBeNull();
  });
});

describe("kendallTau (tau-b)", () => {
  it("counts concordant and discordant pairs", () => {
    expect(kendallTau([1, 2, 3, 4], [1, 2, 3, 4])).toBe(1);
    expect(kendallTau([1, 2, 3, 4], [4, 3, 2, 1])).toBe(-1);
    // one swap of four: 5 concordant, 1 discordant -> 4/6
    expect(kendallTau([1, 2, 3, 4], [2, 1, 3, 4])).toBeCloseTo(4 / 6, 12);
  });
  it("corrects for ties (tau-b)", () => {
    // x = [1,1,2], y = [1,2,3]: pairs (0,1) tied in x, (0,2) and (1,2) concordant -> 2/sqrt(2*3)
    expect(kendallTau([1, 1, 2], [1, 2, 3])).toBeCloseTo(2 / Math.sqrt(6), 12);
    expect(kendallTau([1], [1])).toBeNull();
  });
});

describe("compareBoards", () => {
  it("lists the entries whose rank changes", () => {
    const r = compareBoards([
      { id: "a", primary: 0.9, panel: 0.5 },
      { id: "b", primary: 0.8, panel: 0.7 },
      { id: "c", primary: 0.1, panel: 0.1 },
    ]);
    expect(r.tau).toBeCloseTo(1 / 3, 12);
    expect(r.changes).toEqual([
      { id: "a", primaryRank: 1, panelRank: 2 },
      { id: "b", primaryRank: 2, panelRank: 1 },
    ]);
  });
});

describe("rates and noise", () => {
  it("gives a rate with a bootstrap interval around it", () => {
    const r = rateWithInterval([true, false, false, false], "t");
    expect(r).toMatchObject({ n: 4, count: 1, rate: 0.25 });
    expect(r.ciLow!).toBeLessThanOrEqual(0.25);
    expect(r.ciHigh!).toBeGreaterThanOrEqual(0.25);
    expect(rateWithInterval([], "t").rate).toBeNull();
    const all = rateWithInterval([true, true], "t");
    expect([all.ciLow, all.ciHigh]).toEqual([1, 1]);
  });
  it("measures repeat noise and its SD on a mean", () => {
    // Four repeats: (1, 1), (0.5, 0), (0, 0), (0.75, 1).
    const n = judgeNoiseFromSums({ compared: 4, differ: 2, sumSq: 0.25 + 0.0625 }, 100);
    expect(n.differ).toBe(2);
    expect(n.differRate).toBe(0.5);
    // mean(d^2) = (0.25 + 0.0625) / 4 = 0.078125; / 2 -> 0.0390625; sqrt = 0.1976...
    expect(n.perQuestionSd).toBeCloseTo(Math.sqrt(0.0390625), 12);
    expect(n.entryMeanSd).toBeCloseTo(Math.sqrt(0.0390625) / 10, 12);
    expect(judgeNoiseFromSums({ compared: 1, differ: 0, sumSq: 0 }, 10).perQuestionSd).toBe(0);
  });
  it("marks neighbours within judge noise only when noise was measured", () => {
    expect(noiseMargin(0.2, 100, 100)).toBeCloseTo(1.96 * 0.2 * Math.sqrt(0.02), 12);
    expect(withinJudgeNoise({ mean: 0.5, n: 100 }, { mean: 0.52, n: 100 }, 0.2)).toBe(true);
    expect(withinJudgeNoise({ mean: 0.5, n: 100 }, { mean: 0.6, n: 100 }, 0.2)).toBe(false);
    expect(withinJudgeNoise({ mean: 0.5, n: 100 }, { mean: 0.5, n: 100 }, null)).toBe(false);
    expect(withinJudgeNoise({ mean: 0.5, n: 100 }, { mean: 0.5, n: 100 }, 0)).toBe(false);
  });
});

describe("calibrationStats", () => {
  it("counts false accepts over expected-zero answers and false rejects over references", () => {
    const s = calibrationStats([
      { qid: "a", kind: "reference", category: "UPR", expected: 1, score: 1 },
      { qid: "a", kind: "topical", category: "UPR", expected: 0, score: 0.5 },
      { qid: "a", kind: "refusal", category: "UPR", expected: 0, score: 0 },
      { qid: "b", kind: "reference", category: "AR", expected: 1, score: 0.75 },
      { qid: "b", kind: "refusal", category: "AR", expected: 1, score: 1 },
      { qid: "b", kind: "topical", category: "AR", expected: 0, score: null },
    ]);
    expect(s.overall.falseAccept).toMatchObject({ n: 2, count: 1, rate: 0.5 });
    expect(s.overall.falseReject).toMatchObject({ n: 2, count: 1, rate: 0.5 });
    expect(s.overall.unjudged).toBe(1);
    expect(s.overall.meanScore.refusal).toBe(0.5);
    expect(s.categories.map((c) => c.category)).toEqual(["UPR", "AR"]);
    expect(s.categories[1].falseAccept.n).toBe(0);
  });
});

describe("judge labels", () => {
  it("names a judge version and reads it back, alone or inside a scorer version", async () => {
    const { judgeLabel, parseJudgeLabel } = await import("@/lib/scoring");
    expect(judgeLabel({ model: "gpt-4o-mini", promptVersion: "h2h2-1a2b3c4d" })).toBe("gpt-4o-mini@h2h2-1a2b3c4d");
    expect(parseJudgeLabel("gpt-4o-mini@h2h2-1a2b3c4d")).toEqual({
      model: "gpt-4o-mini",
      promptVersion: "h2h2-1a2b3c4d",
    });
    expect(parseJudgeLabel("lex-1+nltk35+sw198+key=5e6f7a8b+judge=m@p")).toEqual({ model: "m", promptVersion: "p" });
    expect(parseJudgeLabel("lex-1+nltk35+sw198")).toBeNull();
    expect(parseJudgeLabel("no-judge")).toBeNull();
  });
});
