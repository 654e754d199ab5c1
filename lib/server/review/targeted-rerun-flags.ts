import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { targetedRerun, type TargetedRerun } from "@/lib/scoring";
import { db } from "../db";

// Review flag "targeted-rerun": each submission against the same account's previous scored submission of
// the same method (name compared trimmed and case-insensitively), through lib/scoring/targeted-rerun.ts.

export type TargetedRerunFlag = TargetedRerun & { previous: string };

/** `versions`: the scorer versions whose judge scores count, preferred first (published, then current). */
export async function targetedRerunFlags(ids: string[], versions: string[]): Promise<Map<string, TargetedRerunFlag>> {
  const out = new Map<string, TargetedRerunFlag>();
  if (ids.length === 0 || versions.length === 0) return out;
  const pairs = await db.$queryRaw<Array<{ id: string; previous: string }>>`
    SELECT DISTINCT ON (s.id) s.id, p.id AS previous FROM "Submission" s
    JOIN "Submission" p ON p."userId" = s."userId" AND p.id <> s.id AND p."createdAt" < s."createdAt"
      AND p.status = 'SCORED' AND lower(btrim(p."methodName")) = lower(btrim(s."methodName"))
    WHERE s.id IN (${Prisma.join(ids)}) AND s.status = 'SCORED'
    ORDER BY s.id, p."createdAt" DESC`;
  if (pairs.length === 0) return out;
  const all = [...new Set(pairs.flatMap((p) => [p.id, p.previous]))];
  const [answers, judged] = await Promise.all([
    db.prediction.findMany({
      where: { submissionId: { in: all } },
      select: { submissionId: true, split: true, index: true, systemAnswer: true },
    }),
    db.questionScore.findMany({
      where: {
        submissionId: { in: pairs.map((p) => p.previous) },
        scorerVersion: { in: versions },
        judgeScore: { not: null },
      },
      select: { submissionId: true, split: true, index: true, scorerVersion: true, judgeScore: true },
    }),
  ]);
  const key = (r: { split: string; index: number }) => `${r.split}/${r.index}`;
  const of = new Map<string, typeof answers>();
  for (const a of answers) {
    const list = of.get(a.submissionId);
    if (list) list.push(a);
    else of.set(a.submissionId, [a]);
  }
  for (const { id, previous } of pairs) {
    // One version's judge scores: the most preferred that judged this submission.
    const version = versions.find((v) => judged.some((j) => j.submissionId === previous && j.scorerVersion === v));
    const judge = new Map(
      judged
        .filter((j) => j.submissionId === previous && j.scorerVersion === version)
        .map((j) => [key(j), j.judgeScore]),
    );
    const prev = (of.get(previous) ?? []).map((a) => ({
      key: key(a),
      answer: a.systemAnswer,
      judge: judge.get(key(a)) ?? null,
    }));
    const next = (of.get(id) ?? []).map((a) => ({ key: key(a), answer: a.systemAnswer }));
    const hit = targetedRerun(prev, next);
    if (hit) out.set(id, { ...hit, previous });
  }
  return out;
}
