import { describe, expect, it } from "vitest";
import { runJudgeStage } from "@/workers/processors/judge";
import { promptTemplate } from "@/lib/scoring";
import { expectedScores, FAST_RETRY, seedSubmission, testJudgeConfig } from "../../support/judge-fixtures";
import { predictionsWithScores } from "../../support/question-scores";
import { withFakeJudge } from "../../support/with-fake-judge";

// The judge stage against a real OpenAI-compatible HTTP server on loopback: happy path,
// cache, and each transient misbehaviour the stage must absorb without losing a question.

const { db, fake } = withFakeJudge();

async function stored(submissionId: string) {
  const preds = await predictionsWithScores(db, submissionId);
  return new Map(preds.filter((p) => p.referenceQuestion).map((p) => [p.referenceQuestion!.qid, p]));
}

async function expectCorrectResults(submissionId: string) {
  const preds = await stored(submissionId);
  for (const [qid, score] of expectedScores()) {
    if (preds.has(qid)) expect([qid, preds.get(qid)!.judgeScore]).toEqual([qid, score]);
  }
  const rows = await db.score.findMany({ where: { submissionId, metric: "judge" } });
  const overall = rows.find((r) => r.split === "overall" && r.scope === "ALL" && r.aggregate === "micro")!;
  expect(overall.value).toBeCloseTo(0.5, 12); // (1+.5+0+1+0+.5+0+1+1+0)/10
  expect(overall.n).toBe(10);
  expect(overall.scorerVersion).toMatch(/\+judge=fake-judge-1@h2h2-[0-9a-f]{8}$/);
  const stage = await db.stageRun.findUniqueOrThrow({
    where: { submissionId_stage: { submissionId, stage: "judge" } },
  });
  expect(stage).toMatchObject({ status: "DONE", done: 10, total: 10, error: null });
}

describe("judge stage (fake OpenAI-compatible server)", () => {
  it("judges by session, stores per-question results and judge Score rows, then re-runs from cache", async () => {
    const id = await seedSubmission(db);
    const config = testJudgeConfig(fake.baseURL);
    const first = await runJudgeStage({ submissionId: id, db, config, retryPolicy: FAST_RETRY });
    // 4 sessions have non-empty answers; the empty answer and the unanswered question cost nothing.
    expect(fake.requests).toBe(4);
    expect(first.usage.calls).toBe(4);
    expect(first.usage.promptTokens).toBeGreaterThan(0);
    expect(
      fake.log.every((r) => r.temperature === 0 && r.model === "fake-judge-1" && r.authorization === "Bearer test-key"),
    ).toBe(true);
    expect(fake.log.map((r) => r.ids).sort((a, b) => a[0].localeCompare(b[0]))).toEqual([
      ["dyadic/dialogue1/session1/0", "dyadic/dialogue1/session1/1", "dyadic/dialogue1/session1/2"],
      ["dyadic/dialogue1/session2/0"],
      ["dyadic/dialogue2/session0/0", "dyadic/dialogue2/session0/1", "dyadic/dialogue2/session0/2"],
      ["multi-party/dialogue1/session1/0"],
    ]);
    // Only the answers come from the submission: its method name and backbone never reach the grader.
    expect(fake.log.some((r) => /FakeRAG|Qwen2\.5-VL|Memory system/.test(r.prompt))).toBe(false);
    await expectCorrectResults(id);
    const unmatched = (await predictionsWithScores(db, id)).find((p) => p.referenceQuestionId === null)!;
    expect(unmatched.judgeScore).toBeNull();

    const again = await runJudgeStage({ submissionId: id, db, config, retryPolicy: FAST_RETRY });
    expect(fake.requests).toBe(4); // zero new calls
    expect(again.usage).toMatchObject({ calls: 0, cacheHits: 8 });
    await expectCorrectResults(id);
    expect(await db.score.count({ where: { submissionId: id, metric: "judge" } })).toBe(first.rows);

    // A different submission with the same answers is judged from the cache too.
    const other = await seedSubmission(db);
    await runJudgeStage({ submissionId: other, db, config, retryPolicy: FAST_RETRY });
    expect(fake.requests).toBe(4);
    const audit = await db.auditEvent.findMany({ where: { targetId: id, action: "judge.done" } });
    expect(audit).toHaveLength(2);
    expect(audit.map((e) => e.targetType)).toEqual(["Submission", "Submission"]); // the type the audit page links
  });

  it("honours Retry-After on 429 and retries 5xx, dropped connections and empty replies", async () => {
    const id = await seedSubmission(db);
    fake.enqueue(
      { kind: "rate-limit", retryAfterMs: 400 },
      { kind: "server-error", status: 503 },
      { kind: "drop-connection" },
      { kind: "empty" },
    );
    // The breaker holds the other batches back, so one batch meets all four faults in a row.
    const config = testJudgeConfig(fake.baseURL, { concurrency: 1, maxRetries: 4 });
    const res = await runJudgeStage({ submissionId: id, db, config, retryPolicy: FAST_RETRY });
    expect(res.usage.retries).toBe(4);
    expect(fake.requests).toBe(8);
    // The retry of the rate-limited batch (same question ids) waited at least Retry-After.
    const retry = fake.log.findIndex((r, i) => i > 0 && r.ids.join() === fake.log[0].ids.join());
    expect(retry).toBeGreaterThan(0);
    expect(fake.log[retry].at - fake.log[0].at).toBeGreaterThanOrEqual(400);
    await expectCorrectResults(id);
  });

  it("retries a request that gets no reply within the timeout", async () => {
    const id = await seedSubmission(db);
    fake.enqueue({ kind: "slow", delayMs: 1500 });
    const res = await runJudgeStage({
      submissionId: id,
      db,
      config: testJudgeConfig(fake.baseURL, { timeoutMs: 500, concurrency: 1 }),
      retryPolicy: FAST_RETRY,
    });
    expect(res.usage.retries).toBe(1);
    await expectCorrectResults(id);
  });

  it("re-asks malformed and incomplete replies in smaller batches", async () => {
    const id = await seedSubmission(db);
    fake.enqueue({ kind: "malformed" }, { kind: "missing-ids", count: 2 }, { kind: "missing-ids", count: 1 });
    const res = await runJudgeStage({
      submissionId: id,
      db,
      config: testJudgeConfig(fake.baseURL, { concurrency: 1, batchSize: 3 }),
      retryPolicy: FAST_RETRY,
    });
    expect(res.usage.reasks).toBeGreaterThan(0);
    const reasked = fake.log.slice(4);
    expect(reasked.length).toBeGreaterThan(0);
    // Re-asks only carry questions that had no usable answer, in batches of at most ceil(3/4) = 1.
    expect(reasked.every((r) => r.ids.length === 1)).toBe(true);
    await expectCorrectResults(id);
  });

  it("snaps off-grid scores and reads replies wrapped in prose and code fences", async () => {
    const id = await seedSubmission(db);
    fake.mode = { kind: "off-grid" };
    await runJudgeStage({ submissionId: id, db, config: testJudgeConfig(fake.baseURL), retryPolicy: FAST_RETRY });
    await expectCorrectResults(id); // 0.92 -> 1, 0.55 -> 0.5, 0.05 -> 0

    await db.judgeCache.deleteMany({});
    const id2 = await seedSubmission(db);
    fake.mode = { kind: "prose" };
    const res = await runJudgeStage({
      submissionId: id2,
      db,
      config: testJudgeConfig(fake.baseURL),
      retryPolicy: FAST_RETRY,
    });
    expect(res.usage.reasks).toBe(0);
    await expectCorrectResults(id2);
  });

  it("a replacement prompt (JUDGE_PROMPT_FILE) is a new prompt version: new rows, no stale cache hits", async () => {
    const id = await seedSubmission(db);
    await runJudgeStage({ submissionId: id, db, config: testJudgeConfig(fake.baseURL), retryPolicy: FAST_RETRY });
    expect(fake.requests).toBe(4);
    const custom = promptTemplate(
      "Grade each answer 0, 0.25, 0.5, 0.75 or 1 and reply with a JSON array of {question_id, score, reasoning}.",
    );
    const res = await runJudgeStage({
      submissionId: id,
      db,
      config: testJudgeConfig(fake.baseURL, { prompt: custom }),
      retryPolicy: FAST_RETRY,
    });
    expect(fake.requests).toBe(8); // asked again under the new prompt
    expect(res.scorerVersion).toMatch(new RegExp(`\\+judge=fake-judge-1@${custom.version}$`));
    expect(fake.log[7].prompt.startsWith("Grade each answer")).toBe(true);
    expect(fake.log[7].prompt).toContain("\nQuestion ID: ");
    const versions = await db.score.findMany({
      where: { submissionId: id, metric: "judge", split: "overall", scope: "ALL", aggregate: "micro" },
    });
    expect(versions.map((v) => v.value)).toEqual([0.5, 0.5]); // one row per scorer version
  });

  it("keeps at most JUDGE_CONCURRENCY requests in flight", async () => {
    const id = await seedSubmission(db);
    fake.latencyMs = 150;
    try {
      await runJudgeStage({
        submissionId: id,
        db,
        config: testJudgeConfig(fake.baseURL, { concurrency: 2, batchSize: 1 }),
        retryPolicy: FAST_RETRY,
      });
    } finally {
      fake.latencyMs = 0;
    }
    expect(fake.requests).toBe(8);
    expect(fake.maxInFlight).toBe(2);
    await expectCorrectResults(id);
  });
});
