// The evidence part of `h2hmem score`: the server's numbers (same function, same input), a table,
// and hit/miss for --per-question.
import { readFileSync } from "node:fs";
import {
  EVIDENCE_METRICS,
  evidenceQuestions,
  evidenceReport,
  goldRank,
  type EvidenceReport,
  type PerQuestion,
} from "../../lib/scoring";
import { UsageError } from "../errors";
import { fixed, table } from "../format";

type JudgeFile = { scores: Array<{ split: string; index: number; judgeScore: number | null }> };

/** The judge scores of an entry as /api/v1/entries/{id}/judge-scores serves them. */
function readJudgeScores(file: string): Map<string, number | null> {
  try {
    const parsed = JSON.parse(readFileSync(file, "utf8")) as JudgeFile;
    return new Map(parsed.scores.map((s) => [`${s.split}#${s.index}`, s.judgeScore]));
  } catch (err) {
    throw new UsageError(`cannot read --judge-scores ${file}: ${(err as Error).message}`);
  }
}

export function scoreEvidence(
  perQuestion: PerQuestion[],
  opts: { judgeScores?: string; resamples: number; seed: number },
): EvidenceReport | null {
  const judge = opts.judgeScores ? readJudgeScores(opts.judgeScores) : null;
  // As on the server: an unanswered key question scores 0, a question the judge failed on is left out.
  const judgeOf = judge
    ? (p: PerQuestion) => (p.index === null ? 0 : (judge.get(`${p.split}#${p.index}`) ?? null))
    : undefined;
  return evidenceReport(evidenceQuestions(perQuestion, judgeOf), { resamples: opts.resamples, seed: opts.seed });
}

/** For a --per-question line of an entry that reports evidence: null when the question has no gold evidence. */
export function evidenceHit(p: PerQuestion): { evidence: "hit" | "miss" | null; evidence_rank: number | null } {
  if (p.evidenceSession === null) return { evidence: null, evidence_rank: null };
  const rank = goldRank({ gold: p.evidenceSession, retrieved: p.retrievedSessions });
  return { evidence: rank === null ? "miss" : "hit", evidence_rank: rank };
}

const HEAD = ["scope", "n", "no gold", "r@1", "r@3", "r@5", "r@all", "judge hit", "judge miss", "f1 hit", "f1 miss"];

export function renderEvidence(report: EvidenceReport | null): string {
  if (!report) return "== evidence: not reported (no prediction lists retrieved_sessions)";
  const rows = report.groups.map((g) => [
    `${g.split} ${g.scope}`,
    String(g.n),
    String(g.noGold),
    ...EVIDENCE_METRICS.slice(0, 8).map((m) => fixed(g[m].value)),
  ]);
  const split = report.groups.map((g) => [
    `${g.split} ${g.scope}`,
    String(g.wrong),
    fixed(g.wrongMissedEvidence.value),
    fixed(g.wrongHadEvidence.value),
  ]);
  const judged = report.groups.some((g) => g.judgeWhenRetrieved.n + g.judgeWhenMissed.n > 0);
  return [
    "== evidence (retrieved_sessions vs the gold answer_session; hit = gold session anywhere in the list)",
    table(HEAD, rows),
    "",
    `== failure split of the wrong answers (judge < ${report.wrongBelow})`,
    judged
      ? table(["scope", "wrong", "missed evidence", "had evidence"], split)
      : "needs judge scores: pass --judge-scores FILE (an entry's /api/v1/entries/{id}/judge-scores)",
  ].join("\n");
}
