import { afterAll, describe, expect, it } from "vitest";
import { createPrismaClient } from "@/lib/server/db";
import {
  replaceJudgeQuestionScores,
  replaceLexicalQuestionScores,
  upsertJudgeQuestionScores,
} from "@/lib/server/scores/question-scores";
import { seedSubmission } from "../../support/judge-fixtures";

// The stages' per-question writes: each stage replaces only its own columns under its own version,
// a question missing from a stage's complete result loses that stage's stale value, and a row with
// no value left is removed.

const db = createPrismaClient(process.env.DATABASE_URL);
afterAll(() => db.$disconnect());

const V = "lex-1+nltk+sw198+judge=a-writes@p1";
const W = "lex-1+nltk+sw198+judge=b-other@p1";
const lex = (split: string, index: number, f1: number) => ({ split, index, precision: f1, recall: f1, f1, bleu1: f1 });

async function rows(submissionId: string) {
  const all = await db.questionScore.findMany({
    where: { submissionId },
    orderBy: [{ scorerVersion: "asc" }, { split: "asc" }, { index: "asc" }],
  });
  return all.map((r) => [r.scorerVersion === V ? "V" : "W", r.split, r.index, r.f1, r.judgeScore, r.judgeReasoning]);
}

describe("QuestionScore writes", () => {
  it("each stage replaces its own columns of its own version; stale values are cleared, empty rows removed", async () => {
    const id = await seedSubmission(db);
    const preds = await db.prediction.findMany({
      where: { submissionId: id, split: "dyadic" },
      orderBy: { index: "asc" },
      take: 3,
    });
    const [p0, p1, p2] = preds as [(typeof preds)[number], (typeof preds)[number], (typeof preds)[number]];
    await db.$transaction(async (tx) => {
      await replaceLexicalQuestionScores(tx, id, V, [
        lex("dyadic", 0, 0.1),
        lex("dyadic", 1, 0.2),
        lex("dyadic", 2, 0.3),
      ]);
      await replaceLexicalQuestionScores(tx, id, W, [lex("dyadic", 0, 0.9)]);
    });
    await upsertJudgeQuestionScores(db, id, V, [
      { predictionId: p0.id, score: 1, reasoning: "a" },
      { predictionId: p2.id, score: null, reasoning: "Not judged: x" },
    ]);
    expect(await rows(id)).toEqual([
      ["V", "dyadic", 0, 0.1, 1, "a"],
      ["V", "dyadic", 1, 0.2, null, null],
      ["V", "dyadic", 2, 0.3, null, "Not judged: x"],
      ["W", "dyadic", 0, 0.9, null, null],
    ]);

    // A lexical re-run without question 1 and 2 (another key): their lexical values go; question 2
    // keeps its judge columns, question 1 had nothing else and is removed; the judge column of 0
    // and version W are untouched.
    await db.$transaction((tx) => replaceLexicalQuestionScores(tx, id, V, [lex("dyadic", 0, 0.15)]));
    expect(await rows(id)).toEqual([
      ["V", "dyadic", 0, 0.15, 1, "a"],
      ["V", "dyadic", 2, null, null, "Not judged: x"],
      ["W", "dyadic", 0, 0.9, null, null],
    ]);

    // The judge's complete result names 1 only: 0's judge columns are cleared (lexical kept), 2 is
    // removed, 1 is created; a second identical write changes nothing.
    const complete = [{ predictionId: p1.id, score: 0.5, reasoning: "b" }];
    await db.$transaction((tx) => replaceJudgeQuestionScores(tx, id, V, complete));
    const once = await rows(id);
    expect(once).toEqual([
      ["V", "dyadic", 0, 0.15, null, null],
      ["V", "dyadic", 1, null, 0.5, "b"],
      ["W", "dyadic", 0, 0.9, null, null],
    ]);
    await db.$transaction((tx) => replaceJudgeQuestionScores(tx, id, V, complete));
    expect(await rows(id)).toEqual(once);
  });
});
