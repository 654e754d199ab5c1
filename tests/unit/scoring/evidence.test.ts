import { describe, expect, it } from "vitest";
import {
  evidenceCounts,
  evidenceRecallAt5,
  evidenceReport,
  evidenceSessionOf,
  goldRank,
  type EvidenceGroup,
  type EvidenceQuestion,
} from "../../../lib/scoring";

// Issue 48 point 3: a fixture whose recall@k, conditional means and failure split are computed by hand.
const s = (...k: number[]) => k.map((n) => `session${n}`);
const Q: EvidenceQuestion[] = [
  { split: "dyadic", category: "UPR", qid: "d/1", gold: 3, retrieved: s(3, 1), f1: 0.8, judge: 1 }, // rank 1
  { split: "dyadic", category: "UPR", qid: "d/2", gold: 2, retrieved: s(1, 4, 2), f1: 0.4, judge: 0.5 }, // rank 3, wrong
  { split: "dyadic", category: "UPR", qid: "d/3", gold: 5, retrieved: s(1), f1: 0.2, judge: 0.25 }, // missed, wrong
  { split: "dyadic", category: "TR", qid: "d/4", gold: null, retrieved: s(1), f1: 0, judge: 0 }, // no gold: left out
  { split: "dyadic", category: "TR", qid: "d/5", gold: 1, retrieved: [], f1: 0.6, judge: 0.75 }, // missed, right
  { split: "multi-party", category: "CD", qid: "m/6", gold: 2, retrieved: s(1, 3, 4, 5, 6, 2), f1: 0.1, judge: 0 }, // rank 6, wrong
  { split: "multi-party", category: "CD", qid: "m/7", gold: 4, retrieved: s(4), f1: 0.5, judge: null }, // rank 1, judge failed
];
const group = (groups: EvidenceGroup[], split: string, scope: string) =>
  groups.find((g) => g.split === split && g.scope === scope)!;
const v = (g: EvidenceGroup, m: keyof EvidenceGroup) => {
  const stat = g[m] as { value: number | null; n: number };
  return [stat.value === null ? null : Number(stat.value.toFixed(10)), stat.n];
};

describe("evidenceReport", () => {
  const report = evidenceReport(Q, { resamples: 200 })!;

  it("overall: recall@k over questions with gold evidence, the no-gold question left out and counted", () => {
    const all = group(report.groups, "overall", "ALL");
    expect([all.n, all.noGold, all.wrong]).toEqual([6, 1, 3]);
    expect(v(all, "recallAt1")).toEqual([2 / 6, 6].map((x) => Number(x.toFixed(10))));
    expect(v(all, "recallAt3")).toEqual([0.5, 6]);
    expect(v(all, "recallAt5")).toEqual([0.5, 6]);
    expect(v(all, "recallAtAll")).toEqual([Number((4 / 6).toFixed(10)), 6]);
    expect(evidenceRecallAt5(report)).toBe(0.5);
  });

  it("overall: judge and F1 when the gold session was retrieved vs not; a failed judge call is left out", () => {
    const all = group(report.groups, "overall", "ALL");
    expect(v(all, "judgeWhenRetrieved")).toEqual([0.5, 3]); // 1, 0.5, 0 (m/7 not judged)
    expect(v(all, "judgeWhenMissed")).toEqual([0.5, 2]); // 0.25, 0.75
    expect(v(all, "f1WhenRetrieved")).toEqual([0.45, 4]); // 0.8, 0.4, 0.1, 0.5
    expect(v(all, "f1WhenMissed")).toEqual([0.4, 2]); // 0.2, 0.6
    // wrong = judge < 0.75: d/2 (had it), d/3 (missed), m/6 (had it)
    expect(v(all, "wrongMissedEvidence")).toEqual([Number((1 / 3).toFixed(10)), 3]);
    expect(v(all, "wrongHadEvidence")).toEqual([Number((2 / 3).toFixed(10)), 3]);
  });

  it("per split and category, with null (not 0) where a denominator is empty", () => {
    const upr = group(report.groups, "dyadic", "UPR");
    expect([upr.n, upr.wrong]).toEqual([3, 2]);
    expect(v(upr, "recallAt1")).toEqual([Number((1 / 3).toFixed(10)), 3]);
    expect(v(upr, "recallAt3")).toEqual([Number((2 / 3).toFixed(10)), 3]);
    expect(v(upr, "judgeWhenRetrieved")).toEqual([0.75, 2]);
    expect(v(upr, "judgeWhenMissed")).toEqual([0.25, 1]);
    expect(v(upr, "wrongMissedEvidence")).toEqual([0.5, 2]);
    const tr = group(report.groups, "dyadic", "TR");
    expect([tr.n, tr.noGold, tr.wrong]).toEqual([1, 1, 0]);
    expect(v(tr, "recallAtAll")).toEqual([0, 1]);
    expect(v(tr, "wrongMissedEvidence")).toEqual([null, 0]);
    const cd = group(report.groups, "multi-party", "CD");
    expect(v(cd, "recallAt1")).toEqual([0.5, 2]);
    expect(v(cd, "recallAt5")).toEqual([0.5, 2]);
    expect(v(cd, "recallAtAll")).toEqual([1, 2]);
    expect(v(cd, "judgeWhenMissed")).toEqual([null, 0]);
    expect(v(cd, "wrongHadEvidence")).toEqual([1, 1]);
    expect(group(report.groups, "dyadic", "ALL").n).toBe(4);
    expect(report.groups.map((g) => `${g.split}/${g.scope}`)).toEqual([
      "dyadic/ALL",
      "dyadic/UPR",
      "dyadic/TR",
      "multi-party/ALL",
      "multi-party/CD",
      "overall/ALL",
      "overall/UPR",
      "overall/TR",
      "overall/CD",
    ]);
  });

  it("gives 95% bootstrap intervals around each value, the same for any input order", () => {
    for (const g of report.groups)
      for (const key of ["recallAt5", "f1WhenRetrieved", "wrongMissedEvidence"] as const) {
        const stat = g[key];
        if (stat.value === null) expect([stat.ciLow, stat.ciHigh]).toEqual([null, null]);
        else expect(stat.ciLow! <= stat.value + 1e-12 && stat.value <= stat.ciHigh! + 1e-12).toBe(true);
      }
    expect(evidenceReport([...Q].reverse(), { resamples: 200 })).toEqual(report);
  });

  it("is not reported (null, never 0) when no prediction lists a session", () => {
    expect(evidenceReport(Q.map((q) => ({ ...q, retrieved: [] })))).toBeNull();
    expect(evidenceRecallAt5(null)).toBeNull();
  });

  it("leaves the judge numbers null when nothing was judged", () => {
    const unjudged = evidenceReport(
      Q.map(({ judge: _j, ...q }) => q),
      { resamples: 50 },
    )!;
    const all = group(unjudged.groups, "overall", "ALL");
    expect([all.wrong, all.judgeWhenRetrieved.value, all.wrongMissedEvidence.value]).toEqual([0, null, null]);
    expect(all.f1WhenMissed.value).toBeCloseTo(0.4, 12);
  });

  it("ranks the gold session", () => {
    expect(goldRank({ gold: 2, retrieved: s(1, 2) })).toBe(2);
    expect(goldRank({ gold: 2, retrieved: [] })).toBeNull();
    expect(goldRank({ gold: null, retrieved: s(1) })).toBeNull();
  });
});

describe("gold evidence from answer_session", () => {
  it("reads sessionK as is and SK-N as sessionK; another dialogue, empty, several or unreadable: none", () => {
    expect(evidenceSessionOf(["session3"], "dialogue4", 4)).toBe(3);
    expect(evidenceSessionOf("session12", undefined, 1)).toBe(12);
    expect(evidenceSessionOf(["S4-5"], "dialogue2", 2)).toBe(4);
    expect(evidenceSessionOf(["S4-2"], "dialogue3", 1)).toBeNull();
    expect(evidenceSessionOf([""], "dialogue1", 1)).toBeNull();
    expect(evidenceSessionOf("", "", 1)).toBeNull();
    expect(evidenceSessionOf([], "dialogue1", 1)).toBeNull();
    expect(evidenceSessionOf(["session1", "session2"], "dialogue1", 1)).toBeNull();
    expect(evidenceSessionOf(["session0"], "dialogue1", 1)).toBeNull();
    expect(evidenceSessionOf(["Session 3"], "dialogue1", 1)).toBeNull();
    expect(evidenceSessionOf([3], "dialogue1", 1)).toBeNull();
    expect(evidenceSessionOf(undefined, undefined, 1)).toBeNull();
  });

  it("counts usable evidence per split and category", () => {
    expect(
      evidenceCounts([
        { split: "dyadic", category: "UPR", evidenceSession: 1 },
        { split: "dyadic", category: "UPR", evidenceSession: null },
        { split: "multi-party", category: "TTL" },
      ]),
    ).toEqual([
      { split: "dyadic", category: "UPR", questions: 2, withEvidence: 1 },
      { split: "multi-party", category: "TTL", questions: 1, withEvidence: 0 },
    ]);
  });
});
