// Per-question scores are versioned like the aggregates: entries judged by model A and approved,
// the board pinned to A, the deployment switched to a judge B that grades differently (the fake's
// "shift" mode), every approved entry re-judged through the real worker. The compare page's paired
// test keeps using A's per-question values until B is published, then B's. Re-running the stages
// adds no rows. Own database (it re-scores every approved entry).
import { describe, expect, it } from "vitest";
import { db } from "@/lib/server/db";
import { publishScorerVersion, rejudgeAllApproved } from "@/lib/server/operations/rollout";
import { calibrateCurrentJudge } from "../../support/calibrate";
import { compareEntries, compareMany } from "@/lib/server/leaderboard/compare";
import { listPredictions, predictionFilterSchema } from "@/lib/server/submissions/predictions";
import { currentScorerVersion } from "@/lib/server/versions/current-version";
import { runJudgeStage } from "@/workers/processors/judge";
import { runLexicalStage } from "@/workers/processors/lexical";
import { setEnv, waitForStatus } from "../../support/pipeline-helpers";
import { approvedEntries, withJudgeRollout } from "../../support/rollout-helpers";

const h = withJudgeRollout("qscores", { dyadic: 30, multiParty: 8 }, 505);

/** Every QuestionScore row of the entries, comparable (no row is lost or added unseen). */
async function snapshot(ids: string[]) {
  const rows = await db.questionScore.findMany({
    where: { submissionId: { in: ids } },
    orderBy: [{ submissionId: "asc" }, { scorerVersion: "asc" }, { split: "asc" }, { index: "asc" }],
  });
  return rows.map(({ submissionId, scorerVersion, split, index, f1, judgeScore, judgeReasoning }) => ({
    submissionId,
    scorerVersion,
    split,
    index,
    f1,
    judgeScore,
    judgeReasoning,
  }));
}

const judgeMean = async (id: string, scorerVersion: string) => {
  const rows = await db.questionScore.findMany({
    where: { submissionId: id, scorerVersion, judgeScore: { not: null } },
    select: { judgeScore: true },
  });
  return { n: rows.length, mean: rows.reduce((s, r) => s + r.judgeScore!, 0) / rows.length };
};

describe("per-question scores per scorer version", () => {
  it("compare reads the published version's per-question values before and after a re-judge; re-runs add no rows", async () => {
    const ids = await approvedEntries(h, [0.8, 0.4], 61);
    const { admin, fake, log } = h;
    const [a, b] = ids as [string, string];
    const va = await currentScorerVersion();
    await publishScorerVersion({ actor: admin, version: va });
    const questions = await db.prediction.count({ where: { submissionId: a } });
    expect(await db.questionScore.count({ where: { submissionId: a, scorerVersion: va } })).toBe(questions);
    const judgeBefore = await compareEntries(a, b, "judge");
    const f1Before = await compareEntries(a, b, "f1");
    const allBefore = judgeBefore!.find((r) => r.scope === "ALL")!;
    expect(allBefore.meanA).toBeCloseTo((await judgeMean(a, va)).mean, 12);
    const rowsA = await snapshot(ids);

    // Judge B grades every 0 and 1 one level toward 0.5: other per-question values.
    await setEnv({ JUDGE_MODEL: "judge-b" });
    fake.mode = { kind: "shift" };
    const vb = await currentScorerVersion();
    expect(vb).not.toBe(va);
    expect((await rejudgeAllApproved({ actor: admin })).enqueued.sort()).toEqual([...ids].sort());
    for (const id of ids) expect((await waitForStatus(id, ["SCORED", "FAILED"], 90_000)).status).toBe("SCORED");

    // B's rows are new and different; A's rows are untouched.
    expect(await db.questionScore.count({ where: { submissionId: a, scorerVersion: vb } })).toBe(questions);
    expect((await judgeMean(a, vb)).mean).not.toBeCloseTo((await judgeMean(a, va)).mean, 6);
    expect((await snapshot(ids)).filter((r) => r.scorerVersion === va)).toEqual(rowsA);
    // The public compare (page: compareMany; compareEntries) still shows A.
    expect(await compareEntries(a, b, "judge")).toEqual(judgeBefore);
    expect(await compareEntries(a, b, "f1")).toEqual(f1Before);
    expect((await compareMany([a, b], "judge"))[0]!.results).toEqual(judgeBefore);
    // The submission page shows the version it names (the current one, B) and its values.
    const page = await listPredictions(a, predictionFilterSchema.parse({}), vb);
    const bRow = await db.questionScore.findUniqueOrThrow({
      where: {
        submissionId_split_index_scorerVersion: {
          submissionId: a,
          split: page.rows[0]!.split,
          index: page.rows[0]!.index,
          scorerVersion: vb,
        },
      },
    });
    expect(page.rows[0]!.judgeScore).toBe(bRow.judgeScore);
    // Worst first (issue 45, point 7): the lowest judge scores lead, over every page's questions.
    const worst = await listPredictions(a, predictionFilterSchema.parse({ sort: "worst" }), vb);
    const judged = worst.rows.map((r) => r.judgeScore).filter((v): v is number => v !== null);
    expect(judged).toEqual([...judged].sort((x, y) => x - y));
    const lowest = await db.questionScore.aggregate({
      where: { submissionId: a, scorerVersion: vb },
      _min: { judgeScore: true },
    });
    expect(worst.rows[0]!.judgeScore).toBe(lowest._min.judgeScore);
    expect(worst.total).toBe(page.total);

    // Publish B: compare switches to B's per-question values.
    await calibrateCurrentJudge(); // a new judge needs its card before it is published
    await publishScorerVersion({ actor: admin, version: vb });
    const judgeAfter = await compareEntries(a, b, "judge");
    expect(judgeAfter).not.toEqual(judgeBefore);
    const allAfter = judgeAfter!.find((r) => r.scope === "ALL")!;
    const meanB = await judgeMean(a, vb);
    expect([allAfter.n, allAfter.meanA]).toEqual([meanB.n, expect.closeTo(meanB.mean, 12)]);
    expect(await compareEntries(a, b, "f1")).toEqual(f1Before); // same lexical part: same values

    // Re-running both stages under B (a retried or duplicated job) leaves the same rows, no more.
    const settled = await snapshot(ids);
    const calls = fake.requests;
    await runLexicalStage(a, log);
    expect(await snapshot(ids)).toEqual(settled); // the judge's columns survive a lexical re-run
    await runJudgeStage({ submissionId: a, log });
    expect(fake.requests).toBe(calls); // from the cache
    expect(await snapshot(ids)).toEqual(settled);
    expect(await db.questionScore.count({ where: { submissionId: { in: ids } } })).toBe(settled.length);
  });
});
