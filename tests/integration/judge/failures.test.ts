import { describe, expect, it } from "vitest";
import { JudgeStageError, runJudgeStage } from "@/workers/processors/judge";
import { expectedScores, FAST_RETRY, seedSubmission, testJudgeConfig } from "../../support/judge-fixtures";
import { predictionsWithScores } from "../../support/question-scores";
import { withFakeJudge } from "../../support/with-fake-judge";

// When the judge cannot be made to answer, the stage fails loudly: it names how many
// questions were not judged, writes no judge Score rows, keeps what was judged, and a retry
// asks only for the rest.

const { db, fake } = withFakeJudge();

const stage = (submissionId: string) =>
  db.stageRun.findUniqueOrThrow({ where: { submissionId_stage: { submissionId, stage: "judge" } } });

describe("judge stage failures", () => {
  it("fails with the count of unjudged questions when one question never gets a score, then resumes", async () => {
    const id = await seedSubmission(db);
    const stubborn = "dyadic/dialogue1/session1/1";
    fake.neverAnswer.add(stubborn);
    const config = testJudgeConfig(fake.baseURL);
    const err = await runJudgeStage({ submissionId: id, db, config, retryPolicy: FAST_RETRY }).catch((e) => e);
    expect(err).toBeInstanceOf(JudgeStageError);
    expect(err.message).toMatch(
      /^1 of 10 questions could not be judged \(after every re-ask: missing from the judge's reply after 3 asks\)/,
    );
    // Asked in its session batch, then in a smaller batch, then alone: 4 batches + 2 re-asks.
    expect(fake.log.filter((r) => r.ids.includes(stubborn)).map((r) => r.ids.length)).toEqual([3, 1, 1]);
    expect(await stage(id)).toMatchObject({ status: "FAILED", done: 9, total: 10 });
    expect((await stage(id)).error).toContain("1 of 10 questions could not be judged");
    expect(await db.score.count({ where: { submissionId: id, metric: "judge" } })).toBe(0);
    const preds = await predictionsWithScores(db, id);
    const bad = preds.find((p) => p.referenceQuestion?.qid === stubborn)!;
    expect(bad.judgeScore).toBeNull();
    expect(bad.judgeReasoning).toMatch(/^Not judged: /);
    expect(preds.filter((p) => p.referenceQuestion && p.judgeScore !== null)).toHaveLength(8);
    const audit = await db.auditEvent.findFirstOrThrow({ where: { targetId: id, action: "judge.failed" } });
    expect(audit).toMatchObject({ targetType: "Submission", details: { failed: 1, judged: 9, usage: { calls: 6 } } });

    // The judge behaves again: the retry costs exactly one call (the missing question).
    fake.reset();
    const res = await runJudgeStage({ submissionId: id, db, config, retryPolicy: FAST_RETRY });
    expect(fake.requests).toBe(1);
    expect(fake.log[0].ids).toEqual([stubborn]);
    expect(res.failed).toBe(0);
    expect(await stage(id)).toMatchObject({ status: "DONE", done: 10, attempts: 2 });
    const after = (await predictionsWithScores(db, id)).find((p) => p.referenceQuestion?.qid === stubborn)!;
    expect(after.judgeScore).toBe(expectedScores().get(stubborn));
  });

  it("stops after the retry limit when the server keeps failing, without hammering it", async () => {
    const id = await seedSubmission(db);
    fake.mode = { kind: "server-error", status: 500 };
    const config = testJudgeConfig(fake.baseURL, { concurrency: 1, maxRetries: 2 });
    const err = await runJudgeStage({ submissionId: id, db, config, retryPolicy: FAST_RETRY }).catch((e) => e);
    expect(err).toBeInstanceOf(JudgeStageError);
    // 8 questions needed the judge (the empty answer and the unanswered one are 0 without a call).
    expect(err.message).toMatch(/^8 of 10 questions could not be judged \(stopped: gave up after 3 attempts: HTTP 500/);
    // One batch used its 3 attempts; the other batches were not sent at all.
    expect(fake.requests).toBe(3);
    expect(await db.score.count({ where: { submissionId: id, metric: "judge" } })).toBe(0);
  });

  it("fails fast on a non-retryable error such as a rejected API key", async () => {
    const id = await seedSubmission(db);
    fake.mode = { kind: "server-error", status: 401 };
    const err = await runJudgeStage({
      submissionId: id,
      db,
      config: testJudgeConfig(fake.baseURL, { concurrency: 1 }),
      retryPolicy: FAST_RETRY,
    }).catch((e) => e);
    expect(err).toBeInstanceOf(JudgeStageError);
    expect(err.message).toContain("non-retryable error: HTTP 401");
    expect(fake.requests).toBe(1);
  });

  it("gives up on a server that never answers within the timeout", async () => {
    const id = await seedSubmission(db);
    fake.mode = { kind: "slow", delayMs: 2000 };
    const config = testJudgeConfig(fake.baseURL, { concurrency: 1, maxRetries: 1, timeoutMs: 300 });
    const err = await runJudgeStage({ submissionId: id, db, config, retryPolicy: FAST_RETRY }).catch((e) => e);
    expect(err.message).toContain("the judge gave no reply within JUDGE_TIMEOUT_MS");
    expect(fake.requests).toBe(2);
  });

  it("fails the stage when the submission has nothing to judge", async () => {
    const user = await db.user.upsert({
      where: { email: "judge-tests@example.org" },
      create: { email: "judge-tests@example.org" },
      update: {},
    });
    const sub = await db.submission.create({
      data: { userId: user.id, methodName: "Empty", contentSha256: `empty-${Date.now()}` },
    });
    await expect(runJudgeStage({ submissionId: sub.id, db, config: testJudgeConfig(fake.baseURL) })).rejects.toThrow(
      /no scorable questions/,
    );
    expect(fake.requests).toBe(0);
  });
});
