// End to end: createSubmission -> BullMQ worker -> lexical -> judge (fake OpenAI-compatible
// server) -> judge Score rows under the judge scorer version; a judge outage fails only the
// judge stage, and a judge-only retry resumes from what was already judged.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/server/db";
import { currentScorerVersion } from "@/lib/server/versions/current-version";
import { logger } from "@/lib/server/logger";
import { getQueue } from "@/lib/server/queue";
import { createSubmission } from "@/lib/server/submissions/create-submission";
import { retryStage } from "@/lib/server/submissions/retry-stage";
import { syntheticPredictions } from "@/scripts/dev/synthetic-predictions";
import { createScoringWorker, type ScoringWorker } from "@/workers/worker";
import { fakeGrade, startFakeJudgeServer, type FakeJudgeServer } from "../../../scripts/dev/fake-judge-server";
import { predictionsWithScores } from "../../support/question-scores";
import {
  freshUser,
  restoreActiveKey,
  setEnv,
  uploaded,
  useSyntheticKey,
  waitForStatus,
} from "../../support/pipeline-helpers";

const log = logger.child({ test: "judge-pipeline" });
log.level = "warn";
let worker: ScoringWorker;
let fake: FakeJudgeServer;
let key: Awaited<ReturnType<typeof useSyntheticKey>>;

beforeAll(async () => {
  fake = await startFakeJudgeServer();
  await setEnv({
    JUDGE_BASE_URL: fake.baseURL,
    JUDGE_API_KEY: "e2e-key",
    JUDGE_MODEL: "fake-judge-e2e",
    JUDGE_MAX_RETRIES: "1",
    QUEUE_PREFIX: `${process.env.QUEUE_PREFIX ?? "test"}-judge-e2e-${process.pid}`,
  });
  await db.judgeCache.deleteMany({ where: { model: "fake-judge-e2e" } });
  key = await useSyntheticKey({ dyadic: 120, multiParty: 30 }, 303);
  worker = createScoringWorker(log);
});

afterAll(async () => {
  await restoreActiveKey(); // other files' fixtures expect the answer key that was active before
  await worker?.worker.close();
  await getQueue("scoring").obliterate({ force: true });
  await fake?.close();
  await setEnv({
    JUDGE_BASE_URL: undefined,
    JUDGE_API_KEY: undefined,
    JUDGE_MODEL: undefined,
    JUDGE_MAX_RETRIES: undefined,
  });
});

/** What the judge Score row must say: fake grades over every key question, unanswered = 0. */
async function expectedMicro(submissionId: string): Promise<number> {
  const preds = await db.prediction.findMany({
    where: { submissionId, referenceQuestionId: { not: null } },
    include: { referenceQuestion: true },
  });
  const answered = preds.map((p) =>
    p.systemAnswer.trim() === "" ? 0 : fakeGrade(p.referenceQuestion!.answer, p.systemAnswer),
  );
  return answered.reduce((a, b) => a + b, 0) / key.questions.length;
}

describe("judge stage in the worker pipeline", () => {
  it("scores a submission end to end and re-scores unchanged answers without calls", async () => {
    fake.reset();
    const user = await freshUser();
    const dyadic = syntheticPredictions(key.questions, "dyadic", { quality: 0.7, seed: 11 });
    const multi = syntheticPredictions(key.questions, "multi-party", { quality: 0.5, seed: 12 });
    const res = await createSubmission({
      userId: user.id,
      files: uploaded(dyadic, multi),
      meta: { methodName: "e2e-judge", backbone: "Qwen" },
    });
    const done = await waitForStatus(res.id, ["SCORED", "FAILED"], 90_000);
    expect(done.failureReason).toBeNull();
    expect(done.status).toBe("SCORED");

    const stages = await db.stageRun.findMany({ where: { submissionId: res.id }, orderBy: { stage: "asc" } });
    expect(stages.map((s) => [s.stage, s.status])).toEqual([
      ["lexical", "DONE"],
      ["judge", "DONE"],
    ]); // enum order: as they run
    expect(fake.requests).toBeGreaterThan(0);
    expect(fake.log.every((r) => r.model === "fake-judge-e2e" && r.temperature === 0)).toBe(true);
    const version = await currentScorerVersion();
    expect(version).toMatch(/^lex-.*\+judge=fake-judge-e2e@h2h2-[0-9a-f]{8}$/);
    const overall = await db.score.findFirstOrThrow({
      where: {
        submissionId: res.id,
        scorerVersion: version,
        metric: "judge",
        split: "overall",
        scope: "ALL",
        aggregate: "micro",
      },
    });
    expect(overall.n).toBe(key.questions.length);
    expect(overall.value).toBeCloseTo(await expectedMicro(res.id), 12);
    // Lexical and judge rows share the one version the leaderboard reads.
    expect(
      await db.score.count({ where: { submissionId: res.id, scorerVersion: version, metric: "f1" } }),
    ).toBeGreaterThan(0);

    // A full rescore (lexical + judge) of unchanged answers: the judge is served from the cache.
    const calls = fake.requests;
    await retryStage(res.id, "lexical");
    expect((await waitForStatus(res.id, ["SCORED", "FAILED"], 90_000)).status).toBe("SCORED");
    expect(fake.requests).toBe(calls);
  });

  it("an outage fails only the judge stage; a judge retry asks only for the rest", async () => {
    fake.reset();
    const user = await freshUser();
    const dyadic = syntheticPredictions(key.questions, "dyadic", { quality: 0.6, seed: 21 });
    const multi = syntheticPredictions(key.questions, "multi-party", { quality: 0.6, seed: 22 });
    // The first 3 requests succeed, then the judge goes down.
    const res = await createSubmission({
      userId: user.id,
      files: uploaded(dyadic, multi),
      meta: { methodName: "e2e-outage" },
      enqueue: false,
    });
    fake.enqueue(
      { kind: "prose" },
      { kind: "prose" },
      { kind: "prose" },
      ...Array.from({ length: 500 }, () => ({ kind: "server-error" as const })),
    );
    await retryStage(res.id, "lexical");
    const failed = await waitForStatus(res.id, ["SCORED", "FAILED"], 90_000);
    expect(failed.status).toBe("FAILED");
    expect(failed.failureStage).toBe("judge");
    expect(failed.failureReason).toMatch(/questions could not be judged \(stopped: gave up after 2 attempts: HTTP 500/);
    expect(await db.score.count({ where: { submissionId: res.id, metric: "f1" } })).toBeGreaterThan(0); // lexical kept
    expect(await db.score.count({ where: { submissionId: res.id, metric: "judge" } })).toBe(0);
    const before = await predictionsWithScores(db, res.id);
    expect(before.filter((p) => p.judgeScore !== null).length).toBeGreaterThan(0);

    const unjudged = before.filter(
      (p) => p.judgeScore === null && p.referenceQuestionId !== null && p.systemAnswer !== "",
    );
    expect(unjudged.every((p) => p.judgeReasoning?.startsWith("Not judged: "))).toBe(true);

    fake.reset();
    await retryStage(res.id, "judge");
    const ok = await waitForStatus(res.id, ["SCORED", "FAILED"], 90_000);
    expect(ok.failureReason).toBeNull();
    expect(ok.status).toBe("SCORED");
    // Exactly the questions that were not judged before are asked, each once.
    const asked = fake.log.flatMap((r) => r.ids).sort();
    expect(asked).toEqual(unjudged.map((p) => p.referenceQuestion!.qid).sort());
    const overall = await db.score.findFirstOrThrow({
      where: { submissionId: res.id, metric: "judge", split: "overall", scope: "ALL", aggregate: "micro" },
    });
    expect(overall.value).toBeCloseTo(await expectedMicro(res.id), 12);
  });
});
