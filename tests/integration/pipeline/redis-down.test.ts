// Redis unreachable at upload: the submission is stored QUEUED and createSubmission returns
// promptly; once Redis is back, the worker's reconciler enqueues it and the worker scores it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/server/db";
import { createSubmission } from "@/lib/server/submissions/create-submission";
import { syntheticPredictions } from "@/scripts/dev/synthetic-predictions";
import {
  freePort,
  freshUser,
  libraryScores,
  scoreSnapshot,
  setEnv,
  spawnWorker,
  startRedis,
  uploaded,
  useSyntheticKey,
  waitForStatus,
  type WorkerProcess,
  restoreActiveKey,
} from "../../support/pipeline-helpers";

let key: Awaited<ReturnType<typeof useSyntheticKey>>;
let redis: { url: string; stop: () => Promise<void> } | undefined;
let worker: WorkerProcess | undefined;
const prefix = `${process.env.QUEUE_PREFIX ?? "test"}-redisdown-${process.pid}`;

beforeAll(async () => {
  key = await useSyntheticKey({ dyadic: 120, multiParty: 30 }, 303);
});

afterAll(async () => {
  await restoreActiveKey();
  if (worker && worker.child.exitCode === null) {
    worker.child.kill("SIGKILL");
    await worker.exit;
  }
  await redis?.stop();
  await setEnv({ REDIS_URL: process.env.ORIGINAL_REDIS_URL ?? process.env.REDIS_URL });
});

describe("Redis down at submission time", () => {
  it("stores the submission QUEUED, then the reconciler enqueues it and the worker scores it", async () => {
    const port = await freePort();
    const deadUrl = `redis://127.0.0.1:${port}`;
    process.env.ORIGINAL_REDIS_URL ??= process.env.REDIS_URL;
    await setEnv({ REDIS_URL: deadUrl, QUEUE_PREFIX: prefix, ENQUEUE_TIMEOUT_MS: "1500", JUDGE_BASE_URL: undefined });

    const user = await freshUser();
    const dyadic = syntheticPredictions(key.questions, "dyadic", { seed: 5 });
    const multi = syntheticPredictions(key.questions, "multi-party", { seed: 6 });
    const t0 = Date.now();
    const res = await createSubmission({
      userId: user.id,
      files: uploaded(dyadic, multi),
      meta: { methodName: "redis down" },
    });
    const elapsed = Date.now() - t0;
    expect(res).toMatchObject({ status: "QUEUED", existing: false });
    expect(elapsed).toBeLessThan(1500 + 5000); // the enqueue gave up after ENQUEUE_TIMEOUT_MS
    const row = await db.submission.findUniqueOrThrow({ where: { id: res.id } });
    expect(row.status).toBe("QUEUED");
    expect(await db.prediction.count({ where: { submissionId: res.id } })).toBe(150);

    redis = await startRedis({ port });
    worker = spawnWorker({
      REDIS_URL: redis.url,
      QUEUE_PREFIX: prefix,
      RECONCILE_INTERVAL_MS: "1000",
      JUDGE_BASE_URL: "",
    });
    const scored = await waitForStatus(res.id, ["SCORED", "FAILED"], 90_000);
    expect(scored.status).toBe("SCORED");

    const logs = worker.logs();
    expect(logs.some((l) => l.msg === "reconciler enqueued submission" && l.submissionId === res.id)).toBe(true);
    // Every job log line carries the job id and the submission id.
    const jobLines = logs.filter((l) => l.msg === "job started" || l.msg === "lexical scores computed");
    expect(jobLines.length).toBeGreaterThanOrEqual(2);
    expect(jobLines.every((l) => typeof l.jobId === "string" && typeof l.submissionId === "string")).toBe(true);

    const expected = libraryScores(dyadic, multi, key);
    const stored = await scoreSnapshot(res.id);
    expect(
      stored
        .filter((r) => r.split === "overall" && r.scope === "ALL" && r.aggregate === "micro")
        .map((r) => [r.metric, r.value]),
    ).toEqual(
      expected.rows
        .filter((r) => r.split === "overall" && r.scope === "ALL" && r.aggregate === "micro")
        .map((r) => [r.metric, r.value])
        .sort(),
    );

    worker.child.kill("SIGTERM");
    expect(await worker.exit).toBe(0);
  }, 120_000);
});
