// `h2hmem score` on files with retrieved_sessions (issue 48): the evidence report, --per-question
// hit/miss, and --judge-scores for the judge-based numbers; files without the field: not reported.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT as ROOT, runH2hmem as h2hmem } from "../../support/run-h2hmem";
import type { EvidenceReport } from "../../../lib/scoring";

const PRED = path.join(ROOT, "tests/fixtures/predictions");
const KEY = path.join(ROOT, "prisma/seed-data/dataset");
const files = (dir: string) => [
  ...["--dyadic", path.join(PRED, dir, "prediction_dyadic.json")],
  ...["--multiparty", path.join(PRED, dir, "prediction_multiparty.json")],
  ...["--answer-key", KEY, "--json"],
];
type Line = { split: string; index: number; evidence?: "hit" | "miss" | null; evidence_rank?: number | null };

describe("h2hmem score with retrieved_sessions", () => {
  it("reports recall and hit/miss per question that agree with each other and with the files", async () => {
    const tmp = mkdtempSync(path.join(tmpdir(), "h2hmem-evidence-"));
    const out = path.join(tmp, "pq.jsonl");
    const r = await h2hmem("score", ...files("evidence"), "--per-question", out);
    expect(r.code, r.stderr).toBe(0);
    const evidence = (JSON.parse(r.stdout) as { evidence: EvidenceReport }).evidence;
    const all = evidence.groups.find((g) => g.split === "overall" && g.scope === "ALL")!;
    // The seed key: 33 of its 45 questions have usable gold evidence (session0's and S4-2's do not).
    expect([all.n, all.noGold]).toEqual([33, 12]);
    const lines = readFileSync(out, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Line);
    const judged = lines.filter((l) => l.evidence !== null);
    expect(judged).toHaveLength(33);
    const hits = judged.filter((l) => l.evidence === "hit");
    expect(all.recallAtAll.value).toBe(hits.length / 33);
    expect(all.recallAt1.value).toBe(hits.filter((l) => l.evidence_rank === 1).length / 33);
    expect(all.recallAt3.value).toBe(hits.filter((l) => l.evidence_rank! <= 3).length / 33);
    // Without judge scores, the judge-based numbers are null, never 0.
    expect([all.judgeWhenRetrieved.value, all.wrongMissedEvidence.value, all.wrong]).toEqual([null, null, 0]);

    // With judge scores (every answer wrong): the failure split is the recall split.
    const judge = path.join(tmp, "judge.json");
    const scores = lines.map((l) => ({ split: l.split, index: l.index, judgeScore: 0 }));
    writeFileSync(judge, JSON.stringify({ scorerVersion: "x", scores }));
    const withJudge = await h2hmem("score", ...files("evidence"), "--judge-scores", judge);
    expect(withJudge.code, withJudge.stderr).toBe(0);
    const j = (JSON.parse(withJudge.stdout) as { evidence: EvidenceReport }).evidence.groups.find(
      (g) => g.split === "overall" && g.scope === "ALL",
    )!;
    expect([j.wrong, j.judgeWhenRetrieved.value, j.judgeWhenMissed.value]).toEqual([33, 0, 0]);
    expect(j.wrongHadEvidence.value).toBe(all.recallAtAll.value);
    expect(j.recallAt5).toEqual(all.recallAt5);
  });

  it("says not reported for files without retrieved_sessions", async () => {
    const r = await h2hmem("score", ...files("good"));
    expect(r.code).toBe(0);
    expect((JSON.parse(r.stdout) as { evidence: unknown }).evidence).toBeNull();
    const table = await h2hmem("score", ...files("good").filter((a) => a !== "--json"));
    expect(table.stdout).toContain("== evidence: not reported");
  });
});
