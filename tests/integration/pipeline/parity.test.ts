// createSubmission -> BullMQ worker -> Score rows, compared with scoreSubmission run directly on
// the uploaded bytes (parity between worker and library), plus idempotency of the lexical stage.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/server/db";
import { logger } from "@/lib/server/logger";
import { enqueueScoring, getQueue, scoringJobId } from "@/lib/server/queue";
import { createSubmission } from "@/lib/server/submissions/create-submission";
import { retryStage } from "@/lib/server/submissions/retry-stage";
import { syntheticPredictions } from "@/scripts/dev/synthetic-predictions";
import { runLexicalStage } from "@/workers/processors/lexical";
import { scoreSubmissionPipeline } from "@/workers/processors/score-submission";
import { createScoringWorker, type ScoringWorker } from "@/workers/worker";
import {
  freshUser,
  libraryScores,
  predictionSnapshot,
  scoreSnapshot,
  setEnv,
  uploaded,
  useSyntheticKey,
  waitFor,
  waitForStatus,
  restoreActiveKey,
} from "../../support/pipeline-helpers";

const log = logger.child({ test: "pipeline-parity" });
log.level = "warn";
let worker: ScoringWorker;
let key: Awaited<ReturnType<typeof useSyntheticKey>>;

beforeAll(async () => {
  await setEnv({
    JUDGE_BASE_URL: undefined,
    QUEUE_PREFIX: `${process.env.QUEUE_PREFIX ?? "test"}-parity-${process.pid}`,
  });
  key = await useSyntheticKey({ dyadic: 300, multiParty: 60 }, 101);
  worker = createScoringWorker(log);
});

afterAll(async () => {
  await restoreActiveKey();
  await worker?.worker.close();
  await getQueue("scoring").obliterate({ force: true });
  await setEnv({});
});

describe("pipeline parity", () => {
  it("the worker stores exactly the scores the library computes", async () => {
    const user = await freshUser();
    const dyadic = syntheticPredictions(key.questions, "dyadic", { quality: 0.7, seed: 1 });
    const multi = syntheticPredictions(key.questions, "multi-party", { quality: 0.4, seed: 2 });
    const res = await createSubmission({
      userId: user.id,
      files: uploaded(dyadic, multi),
      meta: { methodName: "parity" },
    });
    expect(res).toMatchObject({ status: "QUEUED", existing: false });
    const done = await waitForStatus(res.id, ["SCORED", "FAILED"]);
    expect(done.failureReason).toBeNull();
    expect(done.status).toBe("SCORED");
    expect(done.progressDone).toBe(360);
    expect(done.progressTotal).toBe(360);

    const expected = libraryScores(dyadic, multi, key);
    const stored = await scoreSnapshot(res.id);
    expect(stored).toHaveLength(expected.rows.length);
    const want = expected.rows
      .map((r) => ({ scorerVersion: expected.scorerVersion, ...r }))
      .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
    expect(stored).toEqual(want); // exact float equality, row by row

    const perQuestion = await predictionSnapshot(res.id);
    const answered = expected.perQuestion.filter((q) => q.index !== null);
    expect(perQuestion).toHaveLength(answered.length);
    for (const q of answered) {
      const row = perQuestion.find((p) => p.split === q.split && p.index === q.index)!;
      expect([row.precision, row.recall, row.f1, row.bleu1]).toEqual([q.precision, q.recall, q.f1, q.bleu1]);
      expect(row.referenceQuestionId).not.toBeNull();
    }

    const stages = await db.stageRun.findMany({ where: { submissionId: res.id }, orderBy: { stage: "asc" } });
    // Stage is an enum: ordered as the stages run.
    expect(stages.map((s) => [s.stage, s.status])).toEqual([
      ["lexical", "DONE"],
      ["judge", "SKIPPED"],
    ]);
    expect(done.answerKeyVersionId).not.toBeNull();
  });

  it("re-running the lexical stage or the pipeline leaves identical rows and no duplicates", async () => {
    const user = await freshUser();
    const dyadic = syntheticPredictions(key.questions, "dyadic", { quality: 0.5, seed: 3 });
    const multi = syntheticPredictions(key.questions, "multi-party", { quality: 0.5, seed: 4 });
    const res = await createSubmission({
      userId: user.id,
      files: uploaded(dyadic, multi),
      meta: { methodName: "idempotent" },
      enqueue: false,
    });
    await runLexicalStage(res.id, log);
    const scores1 = await scoreSnapshot(res.id);
    const preds1 = await predictionSnapshot(res.id);
    await runLexicalStage(res.id, log);
    expect(await scoreSnapshot(res.id)).toEqual(scores1);
    expect(await predictionSnapshot(res.id)).toEqual(preds1);
    expect(await db.score.count({ where: { submissionId: res.id } })).toBe(scores1.length);

    // The full pipeline resumes after the finished lexical stage, then is a no-op once SCORED.
    expect(await scoreSubmissionPipeline(res.id, log)).toBe("scored");
    expect(await scoreSubmissionPipeline(res.id, log)).toBe("skipped");
    expect(await scoreSnapshot(res.id)).toEqual(scores1);
    const lexical = await db.stageRun.findUniqueOrThrow({
      where: { submissionId_stage: { submissionId: res.id, stage: "lexical" } },
    });
    expect(lexical.attempts).toBe(2); // the pipeline did not redo the finished stage

    // A lexical retry (rescore) runs the stage again through the queue, with the same result.
    await retryStage(res.id, "lexical");
    await waitForStatus(res.id, ["SCORED"]);
    expect(await scoreSnapshot(res.id)).toEqual(scores1);
    expect(await predictionSnapshot(res.id)).toEqual(preds1);
  });

  it("deduplicates an identical upload by the same user and counts only stored submissions against the quota", async () => {
    await setEnv({ DAILY_SUBMISSION_QUOTA: "2" });
    try {
      const user = await freshUser();
      const files = (seed: number) =>
        uploaded(
          syntheticPredictions(key.questions, "dyadic", { seed }),
          syntheticPredictions(key.questions, "multi-party", { seed: seed + 1 }),
        );
      const first = await createSubmission({
        userId: user.id,
        files: files(10),
        meta: { methodName: "q1" },
        enqueue: false,
      });
      const again = await createSubmission({
        userId: user.id,
        files: files(10),
        meta: { methodName: "q1 renamed" },
        enqueue: false,
      });
      expect(again).toMatchObject({ id: first.id, existing: true });
      await expect(
        createSubmission({ userId: user.id, files: uploaded("not json", "{}"), meta: { methodName: "bad" } }),
      ).rejects.toMatchObject({ code: "VALIDATION_FAILED" });
      await createSubmission({ userId: user.id, files: files(20), meta: { methodName: "q2" }, enqueue: false });
      const limited = await createSubmission({ userId: user.id, files: files(30), meta: { methodName: "q3" } }).catch(
        (e: unknown) => e,
      );
      expect(limited).toMatchObject({ code: "RATE_LIMITED" });
      const seconds = (limited as { retryAfterSeconds: number }).retryAfterSeconds;
      expect(seconds).toBeGreaterThan(23 * 3600);
      expect(seconds).toBeLessThanOrEqual(24 * 3600);
      // The duplicate of an accepted upload is still answered while over the quota.
      expect(await createSubmission({ userId: user.id, files: files(10), meta: { methodName: "q1" } })).toMatchObject({
        id: first.id,
        existing: true,
      });

      // Parallel uploads cannot overshoot the quota.
      const racer = await freshUser();
      const results = await Promise.allSettled(
        [40, 50, 60, 70].map((seed) =>
          createSubmission({
            userId: racer.id,
            files: files(seed),
            meta: { methodName: `race ${seed}` },
            enqueue: false,
          }),
        ),
      );
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(2);
      const rejected = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
      expect(rejected.map((r) => (r.reason as { code: string }).code)).toEqual(["RATE_LIMITED", "RATE_LIMITED"]);
      expect(await db.submission.count({ where: { userId: racer.id } })).toBe(2);
    } finally {
      await setEnv({ DAILY_SUBMISSION_QUOTA: undefined });
    }
  });

  it("a permanent failure marks the submission FAILED with a reason and is not retried", async () => {
    const user = await freshUser();
    const res = await createSubmission({
      userId: user.id,
      files: uploaded(
        syntheticPredictions(key.questions, "dyadic", { seed: 40 }),
        syntheticPredictions(key.questions, "multi-party", { seed: 41 }),
      ),
      meta: { methodName: "broken" },
      enqueue: false,
    });
    // Corrupt the stored data the way no retry can fix: a gap in the prediction indexes.
    await db.prediction.deleteMany({ where: { submissionId: res.id, split: "dyadic", index: 5 } });
    await enqueueScoring(res.id);
    const failed = await waitForStatus(res.id, ["FAILED", "SCORED"]);
    expect(failed.status).toBe("FAILED");
    expect(failed.failureStage).toBe("lexical");
    expect(failed.failureReason).toMatch(/gaps in their index sequence/);
    // Read the job again once it is failed: a copy loaded before that still says attemptsMade 0.
    const job = await waitFor(async () => {
      const j = await getQueue("scoring").getJob(scoringJobId(res.id));
      return j && (await j.getState()) === "failed" ? getQueue("scoring").getJob(scoringJobId(res.id)) : null;
    }, "the job to be failed");
    expect(job.attemptsMade).toBe(1);
  });
});
