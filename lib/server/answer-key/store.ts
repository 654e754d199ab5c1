import "server-only";
import type { ReferenceQuestion } from "@/lib/scoring";
import type { Split } from "@/lib/scoring/types";
import { db } from "../db";

export type ActiveAnswerKey = {
  versionId: string;
  contentSha256: string;
  questions: ReferenceQuestion[];
  rowIdByQid: Map<string, string>;
};

let cache: ActiveAnswerKey | undefined;

/** A cheap id lookup, a full load only on change. */
export async function loadActiveAnswerKey(): Promise<ActiveAnswerKey | null> {
  const active = await db.answerKeyVersion.findFirst({
    where: { active: true },
    select: { id: true, contentSha256: true },
  });
  if (!active) return null;
  if (cache?.versionId === active.id) return cache;
  const { questions, rows } = await readQuestions(active.id);
  cache = {
    versionId: active.id,
    contentSha256: active.contentSha256,
    questions,
    rowIdByQid: new Map(rows.map((r) => [r.qid, r.id])),
  };
  return cache;
}

export async function loadAnswerKeyQuestions(versionId: string): Promise<ReferenceQuestion[]> {
  return (await readQuestions(versionId)).questions;
}

async function readQuestions(versionId: string) {
  const rows = await db.referenceQuestion.findMany({
    where: { versionId },
    orderBy: [{ split: "asc" }, { dialogue: "asc" }, { session: "asc" }, { index: "asc" }],
  });
  const questions: ReferenceQuestion[] = rows.map((r) => ({
    qid: r.qid,
    split: r.split as Split,
    dialogue: r.dialogue,
    session: r.session,
    index: r.index,
    questionText: r.questionText,
    questionImage: r.questionImage,
    category: r.category as ReferenceQuestion["category"],
    mainType: r.mainType as ReferenceQuestion["mainType"],
    difficulty: r.difficulty as ReferenceQuestion["difficulty"],
    answer: r.answer,
    evidenceSession: r.evidenceSession,
  }));
  return { questions, rows };
}
