import { describe, expect, it } from "vitest";
import { JudgeStageError, runJudgeStage } from "@/workers/processors/judge";
import { expectedScores, FAST_RETRY, qidOf, KEY, seedSubmission, testJudgeConfig } from "../../support/judge-fixtures";
import { predictionsWithScores } from "../../support/question-scores";
import { withFakeJudge } from "../../support/with-fake-judge";

// Every judge request carries max_tokens. A reply that stops there (finish_reason "length") is
// recorded as a failed call with its raw text and tokens, never parsed, and its questions go
// down the re-ask path (a quarter of the batch size, then one by one) like a malformed reply.

const { db, fake } = withFakeJudge();

async function judgeScores(id: string): Promise<Map<string, number | null>> {
  const preds = await predictionsWithScores(db, id);
  return new Map(preds.filter((p) => p.referenceQuestion).map((p) => [p.referenceQuestion!.qid, p.judgeScore]));
}

const CUT = /^reply cut off at max_tokens \(\d+, finish_reason "length"\)$/;

describe("judge max_tokens", () => {
  it("sends max_tokens; a cut-off reply is a failed call, not parsed even when its JSON looks whole, and is re-asked", async () => {
    const id = await seedSubmission(db);
    // The whole array, but flagged as cut off: were it parsed, this batch would not be asked again.
    fake.enqueue({ kind: "length", whole: true });
    const config = testJudgeConfig(fake.baseURL, { concurrency: 1 });
    const res = await runJudgeStage({ submissionId: id, db, config, retryPolicy: FAST_RETRY });
    expect(res.failed).toBe(0);
    expect(fake.log.every((l) => l.maxTokens === config.maxTokens)).toBe(true);
    expect(config.maxTokens).toBe(3200); // the default for 20 questions: 200 + 150 per question

    const cut = fake.log[0];
    expect(cut.fault).toBe("length");
    // 4 session batches, plus the cut one asked again (level 1: a quarter of 20 holds all its ids).
    expect(fake.requests).toBe(5);
    expect(fake.log.filter((l) => JSON.stringify(l.ids) === JSON.stringify(cut.ids))).toHaveLength(2);

    const calls = await db.judgeCall.findMany({ where: { submissionId: id }, orderBy: { createdAt: "asc" } });
    const failed = calls.filter((c) => !c.ok);
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ level: 0, attempt: 0, questionIds: cut.ids });
    expect(failed[0].error).toMatch(CUT);
    expect(failed[0].rawReply).toContain(cut.ids[0]); // the paid-for text is kept for the audit
    expect(failed[0].completionTokens).toBeGreaterThan(0);
    expect(calls.find((c) => c.ok && c.level === 1)?.questionIds).toEqual(cut.ids);
    expect(res.usage.reasks).toBe(cut.ids.length);
    // Tokens of the cut reply were paid for, so they count.
    expect(res.usage.completionTokens).toBe(calls.reduce((s, c) => s + c.completionTokens, 0));

    const want = expectedScores();
    for (const [qid, score] of await judgeScores(id)) expect(score).toBe(want.get(qid));
  });

  it("a budget too small for a batch splits it until the replies fit", async () => {
    const id = await seedSubmission(db);
    // The fake counts 4 characters a token: one graded item (~140 characters) fits in 40 tokens, three do not.
    const config = testJudgeConfig(fake.baseURL, { concurrency: 1, maxTokens: 40 });
    const res = await runJudgeStage({ submissionId: id, db, config, retryPolicy: FAST_RETRY });
    expect(res.failed).toBe(0);
    expect(fake.log.every((l) => l.maxTokens === 40)).toBe(true);
    // Two 3-question sessions: cut at 3, cut again at 3 (a quarter of 20 is 5), then 3 singles.
    // Two 1-question sessions fit at once. 2 x 5 + 2 = 12 requests.
    expect(fake.log.map((l) => l.ids.length).sort()).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 3, 3, 3, 3]);
    const calls = await db.judgeCall.findMany({ where: { submissionId: id } });
    expect(
      calls
        .filter((c) => !c.ok)
        .map((c) => c.level)
        .sort(),
    ).toEqual([0, 0, 1, 1]);
    expect(calls.filter((c) => !c.ok).every((c) => CUT.test(c.error ?? ""))).toBe(true);
    const want = expectedScores();
    for (const [qid, score] of await judgeScores(id)) expect(score).toBe(want.get(qid));
  });

  it("a question whose reply is cut off even alone is not judged, and the stage says why", async () => {
    const id = await seedSubmission(db);
    fake.mode = { kind: "length" };
    const config = testJudgeConfig(fake.baseURL, { concurrency: 1 });
    const err = await runJudgeStage({ submissionId: id, db, config, retryPolicy: FAST_RETRY }).catch((e) => e);
    expect(err).toBeInstanceOf(JudgeStageError);
    expect(err.message).toMatch(
      /^8 of 10 questions could not be judged \(after every re-ask: reply cut off at max_tokens \(3200, finish_reason "length"\) after 3 asks\)/,
    );
    // Cut-off replies are not retried as they are (the same request would be cut again): each
    // question is asked in its session batch, then its re-ask batch, then alone.
    const first = qidOf(KEY[0]);
    expect(fake.log.filter((l) => l.ids.includes(first)).map((l) => l.ids.length)).toEqual([3, 3, 1]);
    expect(await db.judgeCall.count({ where: { submissionId: id, ok: true } })).toBe(0);
    expect([...(await judgeScores(id)).values()].filter((s) => s !== null)).toEqual([0]); // the empty answer: 0 by rule
  });
});
