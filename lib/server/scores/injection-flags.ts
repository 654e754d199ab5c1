import "server-only";
import { detectJudgeInjection, INJECTION_KEYWORDS } from "@/lib/scoring";
import { Prisma } from "@/generated/prisma/client";
import { db } from "../db";

// Stored by the worker so review pages never run the detector on the web's event loop; empty lists mean "clean".

export type InjectionFlag = { questions: string[]; rules: string[] };

export async function storeInjectionFlag(submissionId: string): Promise<InjectionFlag> {
  const suspects = await db.$queryRaw<Array<{ split: string; index: number; answer: string; qid: string | null }>>`
    SELECT p.split, p.index, p."systemAnswer" AS answer, q.qid FROM "Prediction" p
    LEFT JOIN "ReferenceQuestion" q ON q.id = p."referenceQuestionId"
    WHERE p."submissionId" = ${submissionId} AND p."systemAnswer" ~* ${INJECTION_KEYWORDS.join("|")}
    ORDER BY p.split, p.index`;
  const questions: string[] = [];
  const rules = new Set<string>();
  for (const p of suspects) {
    const hit = detectJudgeInjection(p.answer);
    if (hit.length === 0) continue;
    // The id the judge sees (judge-stage-store.ts).
    questions.push(p.qid ?? `${p.split}/q${p.index}`);
    for (const r of hit) rules.add(r);
  }
  const flag = { questions, rules: [...rules] };
  // Plain SQL: the table is newer than some generated clients this module runs beside.
  await db.$executeRaw`
    INSERT INTO "InjectionFlag" ("submissionId", questions, rules) VALUES (${submissionId}, ${JSON.stringify(questions)}::jsonb, ${JSON.stringify(flag.rules)}::jsonb)
    ON CONFLICT ("submissionId") DO UPDATE SET questions = EXCLUDED.questions, rules = EXCLUDED.rules, "checkedAt" = CURRENT_TIMESTAMP`;
  return flag;
}

export async function storedInjectionFlags(ids: string[]): Promise<Map<string, InjectionFlag>> {
  if (ids.length === 0) return new Map();
  const rows = await db.$queryRaw<Array<{ id: string; questions: string[]; rules: string[] }>>`
    SELECT "submissionId" AS id, questions, rules FROM "InjectionFlag"
    WHERE "submissionId" IN (${Prisma.join(ids)}) AND jsonb_array_length(questions) > 0`;
  return new Map(rows.map((r) => [r.id, { questions: r.questions, rules: r.rules }]));
}

export async function unflaggedSubmissions(limit: number): Promise<string[]> {
  const rows = await db.$queryRaw<Array<{ id: string }>>`
    SELECT s.id FROM "Submission" s
    WHERE s.status = 'SCORED' AND NOT EXISTS (SELECT 1 FROM "InjectionFlag" f WHERE f."submissionId" = s.id)
    ORDER BY s."createdAt" LIMIT ${limit}`;
  return rows.map((r) => r.id);
}
