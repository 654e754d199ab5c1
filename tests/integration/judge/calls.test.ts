import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { JudgeUsage } from "@/app/(site)/admin/_components/judge-usage";
import { getJudgeUsage, judgeCallRecorder } from "@/lib/server/judge/judge-calls";
import { runJudgeStage } from "@/workers/processors/judge";
import { FAST_RETRY, seedSubmission, testJudgeConfig } from "../../support/judge-fixtures";
import { withFakeJudge } from "../../support/with-fake-judge";

import { WithIntl } from "../../support/intl";
// Every judge request becomes a JudgeCall row (raw reply, ids, attempt, latency, tokens) and the
// admin review page's usage panel shows runs and calls of the submission.

const { db, fake } = withFakeJudge();

describe("judge calls and usage", () => {
  it("stores each request's raw reply and usage, including failed attempts, and sums them for admins", async () => {
    const id = await seedSubmission(db);
    fake.enqueue({ kind: "server-error", status: 503 });
    const config = testJudgeConfig(fake.baseURL, { concurrency: 1 });
    const res = await runJudgeStage({ submissionId: id, db, config, retryPolicy: FAST_RETRY });
    expect(fake.requests).toBe(5);

    const calls = await db.judgeCall.findMany({ where: { submissionId: id }, orderBy: { createdAt: "asc" } });
    expect(calls).toHaveLength(5);
    expect(new Set(calls.map((c) => c.runId)).size).toBe(1);
    expect(
      calls.every(
        (c) => c.purpose === "stage" && c.model === "fake-judge-1" && c.promptVersion === config.prompt.version,
      ),
    ).toBe(true);
    const failed = calls.filter((c) => !c.ok);
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ attempt: 0, rawReply: null, promptTokens: 0 });
    expect(failed[0].error).toMatch(/503/);
    // The failed batch was retried: same ids, attempt 1, ok.
    const retried = calls.find((c) => c.ok && JSON.stringify(c.questionIds) === JSON.stringify(failed[0].questionIds))!;
    expect(retried.attempt).toBe(1);
    // Raw reply = what the server sent, for the ids of that request.
    const ok = calls.filter((c) => c.ok);
    for (const c of ok) {
      const ids = c.questionIds as string[];
      const reply = JSON.parse(c.rawReply!) as Array<{ question_id: string }>;
      expect(reply.map((r) => r.question_id)).toEqual(ids);
      expect(c.latencyMs).toBeGreaterThanOrEqual(0);
    }
    expect(ok.reduce((s, c) => s + c.promptTokens, 0)).toBe(res.usage.promptTokens);
    expect(ok.reduce((s, c) => s + c.completionTokens, 0)).toBe(res.usage.completionTokens);
    const done = await db.auditEvent.findFirstOrThrow({ where: { targetId: id, action: "judge.done" } });
    expect((done.details as { runId: string }).runId).toBe(calls[0].runId);

    // A re-run from the cache makes no calls, so no rows.
    await runJudgeStage({ submissionId: id, db, config, retryPolicy: FAST_RETRY });
    expect(await db.judgeCall.count({ where: { submissionId: id } })).toBe(5);

    const usage = await getJudgeUsage(id, { db });
    expect(usage.totals).toEqual({
      calls: 5,
      failedCalls: 1,
      promptTokens: res.usage.promptTokens,
      completionTokens: res.usage.completionTokens,
    });
    expect(usage.runs).toHaveLength(2);
    expect(usage.runs[0]).toMatchObject({ action: "judge.done", calls: 0, cacheHits: 8, unjudged: 0 });
    expect(usage.runs[1]).toMatchObject({
      action: "judge.done",
      calls: 5,
      retries: 1,
      cacheHits: 0,
      promptTokens: res.usage.promptTokens,
    });

    const html = renderToStaticMarkup(createElement(WithIntl, null, createElement(JudgeUsage, { usage })));
    expect(html).toContain(
      `5 calls (1 failed) · ${res.usage.promptTokens} prompt + ${res.usage.completionTokens} completion tokens`,
    );
    expect(html).toContain("fake grade for dyadic/dialogue1/session1/0");
    expect(html).toContain("error: ");
  });

  it("records the calls of a failed run and shows how many questions were not judged", async () => {
    const id = await seedSubmission(db);
    fake.mode = { kind: "server-error", status: 500 };
    const config = testJudgeConfig(fake.baseURL, { concurrency: 1, maxRetries: 1 });
    await expect(runJudgeStage({ submissionId: id, db, config, retryPolicy: FAST_RETRY })).rejects.toThrow(
      /could not be judged/,
    );
    const calls = await db.judgeCall.findMany({ where: { submissionId: id } });
    expect(calls.length).toBe(fake.requests);
    expect(calls.every((c) => !c.ok)).toBe(true);
    const usage = await getJudgeUsage(id, { db });
    expect(usage.runs[0]).toMatchObject({ action: "judge.failed", failed: true, unjudged: 8 });
    expect(usage.runs[0].error).toMatch(/8 of 10 questions could not be judged/);
  });

  it("deleting a submission deletes its JudgeCall rows (stage and agreement); the judge.* audit events stay", async () => {
    const config = testJudgeConfig(fake.baseURL);
    const [gone, kept] = [await seedSubmission(db), await seedSubmission(db)];
    for (const id of [gone, kept]) {
      await db.judgeCache.deleteMany({}); // same answers: without this the second run makes no call
      await runJudgeStage({ submissionId: id, db, config, retryPolicy: FAST_RETRY });
    }
    // An agreement run's rows, written the way runAgreementCheck writes them.
    const agreement = judgeCallRecorder(db, {
      submissionId: gone,
      purpose: "agreement",
      runId: "agree-1",
      model: config.model,
      promptVersion: config.prompt.version,
    });
    agreement.onCall({
      questionIds: ["q"],
      attempt: 0,
      level: 0,
      ok: true,
      error: null,
      rawReply: "[]",
      promptTokens: 9,
      completionTokens: 2,
      latencyMs: 5,
    });
    expect(await agreement.flush()).toBe(1);
    const purposes = await db.judgeCall.groupBy({ by: ["purpose"], where: { submissionId: gone }, _count: true });
    expect(purposes.map((p) => p.purpose).sort()).toEqual(["agreement", "stage"]);
    const keptCalls = await db.judgeCall.count({ where: { submissionId: kept } });
    expect(keptCalls).toBeGreaterThan(0);

    await db.submission.delete({ where: { id: gone } });
    expect(await db.judgeCall.count({ where: { submissionId: gone } })).toBe(0);
    expect(await db.judgeCall.count({ where: { submissionId: kept } })).toBe(keptCalls);
    // What the deleted submission's runs cost is still on record.
    const events = await db.auditEvent.findMany({ where: { targetId: gone, action: { startsWith: "judge." } } });
    expect(events.map((e) => e.action)).toEqual(["judge.done"]);
    // And no row can name a submission that does not exist.
    const orphan = {
      submissionId: gone,
      purpose: "stage",
      runId: "r",
      model: "m",
      promptVersion: "v",
      questionIds: [],
      attempt: 0,
      level: 0,
      ok: true,
      promptTokens: 0,
      completionTokens: 0,
      latencyMs: 0,
    };
    await expect(db.judgeCall.create({ data: orphan })).rejects.toThrow(/foreign key/i);
  });
});
