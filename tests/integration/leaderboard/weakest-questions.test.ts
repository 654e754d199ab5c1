// "Where an entry fails": the lowest-scoring questions of an entry with its answers and scores,
// filtered by category, difficulty and split, shown only to whom mayViewPredictions allows.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/server/db";
import {
  mayViewPredictions,
  parseWeakestFilter,
  weakestQuestions,
  weakestQuestionsForViewer,
} from "@/lib/server/leaderboard/weakest-questions";
import { replaceLexicalQuestionScores, upsertJudgeQuestionScores } from "@/lib/server/scores/question-scores";
import { seedSubmission } from "../../support/judge-fixtures";

const V = `weakest-${randomUUID().slice(0, 8)}`;

describe("weakest questions", () => {
  it("lists the lowest-scoring questions first with their answers, filtered; only for the owner, admins or public predictions", async () => {
    const id = await seedSubmission(db);
    const preds = await db.prediction.findMany({
      where: { submissionId: id },
      orderBy: [{ split: "asc" }, { index: "asc" }],
      include: { referenceQuestion: true },
    });
    const keyed = preds.filter((p) => p.referenceQuestion);
    // F1 = position / 10, so the order is known; the judge scores the first three.
    await db.$transaction((tx) =>
      replaceLexicalQuestionScores(
        tx,
        id,
        V,
        keyed.map((p, i) => ({
          split: p.split,
          index: p.index,
          precision: 0.5,
          recall: 0.5,
          f1: (keyed.length - i) / 10,
          bleu1: 0,
        })),
      ),
    );
    const byF1 = await weakestQuestions(id, V, parseWeakestFilter({}));
    expect(byF1.metric).toBe("f1");
    expect(byF1.rows.map((r) => r.f1)).toEqual(keyed.map((_, i) => (keyed.length - i) / 10).sort((a, b) => a - b));
    const last = keyed[keyed.length - 1]!;
    expect(byF1.rows[0]).toMatchObject({
      questionText: last.questionText,
      systemAnswer: last.systemAnswer,
      referenceAnswer: last.referenceQuestion!.answer,
      difficulty: "medium",
    });

    const cd = await weakestQuestions(id, V, parseWeakestFilter({ wcat: "CD" }));
    expect(cd.rows.map((r) => r.category)).toEqual(["CD"]);
    expect(
      (await weakestQuestions(id, V, parseWeakestFilter({ wsplit: "multi-party" }))).rows.every(
        (r) => r.split === "multi-party",
      ),
    ).toBe(true);
    expect((await weakestQuestions(id, V, parseWeakestFilter({ wdiff: "hard" }))).rows).toEqual([]);
    expect(
      (await weakestQuestions(id, V, parseWeakestFilter({ wdiff: "medium", wcat: "nonsense" }))).rows,
    ).toHaveLength(keyed.length);

    await upsertJudgeQuestionScores(db, id, V, [
      { predictionId: keyed[0]!.id, score: 0.25, reasoning: "misses the colour" },
      { predictionId: keyed[1]!.id, score: 0, reasoning: "wrong city" },
    ]);
    const byJudge = await weakestQuestions(id, V, parseWeakestFilter({}));
    expect(byJudge.metric).toBe("judge");
    expect(byJudge.rows.map((r) => [r.judgeScore, r.judgeReasoning])).toEqual([
      [0, "wrong city"],
      [0.25, "misses the colour"],
    ]);

    const owner = await db.submission.findUniqueOrThrow({ where: { id }, select: { userId: true } });
    expect(mayViewPredictions(null, owner)).toBe(false);
    expect(mayViewPredictions({ id: "someone-else", role: "SUBMITTER" }, owner)).toBe(false);
    expect(mayViewPredictions({ id: owner.userId, role: "SUBMITTER" }, owner)).toBe(true);
    expect(mayViewPredictions({ id: "admin", role: "ADMIN" }, owner)).toBe(true);
    expect(mayViewPredictions(null, { ...owner, predictionsPublic: true })).toBe(true);
    expect(await weakestQuestionsForViewer(id, null, V, parseWeakestFilter({}))).toBeNull();
    expect(
      (await weakestQuestionsForViewer(id, { id: owner.userId, role: "SUBMITTER" }, V, parseWeakestFilter({})))!.rows,
    ).toHaveLength(2);
  });
});
