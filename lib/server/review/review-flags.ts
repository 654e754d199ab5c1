import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { db } from "../db";
import { publishedScorerVersion } from "../versions/published-version";
import { currentScorerVersion } from "../versions/current-version";
import { storedInjectionFlags } from "../scores/injection-flags";
import { targetedRerunFlags } from "./targeted-rerun-flags";

// Set-based queries for a page of the queue; each flag names what it found so the reviewer can check.

export type ReviewFlag =
  | { kind: "answers-differ"; count: number }
  | { kind: "missing-questions"; count: number }
  | { kind: "duplicate-files"; of: string[] }
  | { kind: "similar-answers"; of: Array<{ id: string; jaccard: number }> }
  | { kind: "far-above-best"; f1: number; best: number }
  | { kind: "judge-failure"; detail: string }
  | { kind: "judge-injection"; questions: string[]; rules: string[] }
  | { kind: "targeted-rerun"; previous: string; changed: number; wrongBefore: number };

const SIMILARITY_THRESHOLD = 0.9;
export const FAR_ABOVE_MARGIN = 0.1;

export async function reviewFlags(ids: string[]): Promise<Map<string, ReviewFlag[]>> {
  const out = new Map<string, ReviewFlag[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return out;
  const list = Prisma.join(ids);
  // An entry not yet scored under the published version (new since a rollout) uses the current one.
  const versions = [...new Set([await publishedScorerVersion(), await currentScorerVersion()])];
  const vlist = Prisma.join(versions);
  const add = (id: string, f: ReviewFlag) => out.get(id)?.push(f);

  const [differ, missing, dupes, similar, best, mine, judge, injected, reruns] = await Promise.all([
    db.$queryRaw<Array<{ id: string; n: bigint }>>`
      SELECT "submissionId" AS id, count(*) AS n FROM "Prediction"
      WHERE "submissionId" IN (${list}) AND "answerDiffers" GROUP BY 1`,
    db.$queryRaw<Array<{ id: string; n: bigint }>>`
      SELECT s.id, count(*) AS n FROM "Submission" s
      JOIN "SubmissionFile" f ON f."submissionId" = s.id
      JOIN "ReferenceQuestion" q ON q."versionId" = s."answerKeyVersionId" AND q.split = f.split
      WHERE s.id IN (${list}) AND s.status = 'SCORED'
        AND NOT EXISTS (SELECT 1 FROM "Prediction" p WHERE p."submissionId" = s.id AND p."referenceQuestionId" = q.id)
      GROUP BY 1`,
    db.$queryRaw<Array<{ id: string; other: string }>>`
      SELECT DISTINCT a."submissionId" AS id, b."submissionId" AS other
      FROM "SubmissionFile" a JOIN "Submission" sa ON sa.id = a."submissionId"
      JOIN "SubmissionFile" b ON b.sha256 = a.sha256 AND b."submissionId" <> a."submissionId"
      JOIN "Submission" sb ON sb.id = b."submissionId"
      WHERE a."submissionId" IN (${list}) AND sb."userId" <> sa."userId"`,
    // Only pairs sharing at least one answer are compared.
    db.$queryRaw<Array<{ id: string; other: string; jaccard: number }>>`
      WITH mine AS (
        SELECT p."submissionId" AS id, p.split, p.index, lower(btrim(p."systemAnswer")) AS ans FROM "Prediction" p WHERE p."submissionId" IN (${list})
      ), sizes AS (SELECT "submissionId" AS id, count(*) AS n FROM "Prediction" GROUP BY 1),
      inter AS (
        SELECT m.id, o."submissionId" AS other, count(*) AS n FROM mine m
        JOIN "Prediction" o ON o.split = m.split AND o.index = m.index AND lower(btrim(o."systemAnswer")) = m.ans AND o."submissionId" <> m.id
        JOIN "Submission" sm ON sm.id = m.id JOIN "Submission" so ON so.id = o."submissionId" AND so."userId" <> sm."userId"
        GROUP BY 1, 2
      )
      SELECT i.id, i.other, (i.n::float8 / (a.n + b.n - i.n)) AS jaccard FROM inter i
      JOIN sizes a ON a.id = i.id JOIN sizes b ON b.id = i.other
      WHERE i.n::float8 / (a.n + b.n - i.n) > ${SIMILARITY_THRESHOLD}`,
    db.$queryRaw<Array<{ v: string; best: number | null }>>`
      SELECT sc."scorerVersion" AS v, max(sc.value) AS best FROM "Score" sc JOIN "Submission" s ON s.id = sc."submissionId"
      WHERE s."reviewState" = 'APPROVED' AND sc."scorerVersion" IN (${vlist}) AND sc.split = 'overall' AND sc.scope = 'ALL' AND sc.metric = 'f1' AND sc.aggregate = 'micro'
      GROUP BY 1`,
    db.$queryRaw<Array<{ id: string; v: string; f1: number }>>`
      SELECT "submissionId" AS id, "scorerVersion" AS v, value AS f1 FROM "Score"
      WHERE "submissionId" IN (${list}) AND "scorerVersion" IN (${vlist}) AND split = 'overall' AND scope = 'ALL' AND metric = 'f1' AND aggregate = 'micro'`,
    db.$queryRaw<Array<{ id: string; detail: string }>>`
      SELECT s.id, coalesce(r.error, s."failureReason", 'judge stage failed') AS detail FROM "Submission" s
      LEFT JOIN "StageRun" r ON r."submissionId" = s.id AND r.stage = 'judge'
      WHERE s.id IN (${list}) AND (r.status = 'FAILED' OR s."failureStage" = 'judge')`,
    storedInjectionFlags(ids),
    targetedRerunFlags(ids, versions),
  ]);

  for (const r of differ) add(r.id, { kind: "answers-differ", count: Number(r.n) });
  for (const r of missing) add(r.id, { kind: "missing-questions", count: Number(r.n) });
  for (const id of ids) {
    const of = dupes.filter((d) => d.id === id).map((d) => d.other);
    if (of.length) add(id, { kind: "duplicate-files", of });
    const sim = similar
      .filter((d) => d.id === id)
      .map((d) => ({ id: d.other, jaccard: Math.round(d.jaccard * 1000) / 1000 }));
    if (sim.length) add(id, { kind: "similar-answers", of: sim });
  }
  for (const id of ids) {
    const r = versions.map((v) => mine.find((m) => m.id === id && m.v === v)).find(Boolean);
    const top = r ? best.find((b) => b.v === r.v)?.best : null;
    if (r && top != null && r.f1 > top + FAR_ABOVE_MARGIN) add(r.id, { kind: "far-above-best", f1: r.f1, best: top });
  }
  for (const r of judge) add(r.id, { kind: "judge-failure", detail: r.detail.slice(0, 300) });
  for (const [id, h] of injected) add(id, { kind: "judge-injection", questions: h.questions, rules: h.rules });
  for (const [id, r] of reruns) add(id, { kind: "targeted-rerun", ...r });
  return out;
}

export function describeFlag(f: ReviewFlag): string {
  switch (f.kind) {
    case "answers-differ":
      return `${f.count} submitted reference answer(s) differ from the key`;
    case "missing-questions":
      return `${f.count} key question(s) unanswered`;
    case "duplicate-files":
      return `same file as ${f.of.length} entry(ies) of another account`;
    case "similar-answers":
      return `answers near-identical (Jaccard ${f.of.map((o) => o.jaccard.toFixed(2)).join(", ")}) to another account's entry`;
    case "far-above-best":
      return `overall F1 ${f.f1.toFixed(3)} is far above the best approved ${f.best.toFixed(3)}`;
    case "judge-failure":
      return `judge failure: ${f.detail}`;
    case "judge-injection": {
      const shown =
        f.questions.slice(0, 10).join(", ") + (f.questions.length > 10 ? ` and ${f.questions.length - 10} more` : "");
      return `${f.questions.length} answer(s) address the judge (${f.rules.join("; ")}): ${shown}`;
    }
    case "targeted-rerun":
      return `targeted re-run: differs from this account's previous submission of the method (${f.previous}) only on ${f.changed} question(s) it got wrong (of ${f.wrongBefore} judged below 0.75), on none of the others`;
  }
}
