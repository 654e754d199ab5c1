import { Queue } from "bullmq";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isAppError } from "@/lib/server/errors";
import { agreementJobId, listAgreementRuns, requestAgreementCheck } from "@/lib/server/operations/agreement-runs";
import { runJudgeStage } from "@/workers/processors/judge";
import { FAST_RETRY, seedSubmission, testJudgeConfig } from "../../support/judge-fixtures";
import { withIsolatedDatabase } from "../../support/isolated-db";
import { freePort, setEnv, spawnWorker, waitFor, type WorkerProcess } from "../../support/pipeline-helpers";
import { withFakeJudge } from "../../support/with-fake-judge";

// The admin's agreement check is a job: the web side (requestAgreementCheck, behind
// judgeAgreementAction) only writes a QUEUED JudgeAgreementRun and enqueues its id; the real
// worker process (npm run worker) re-judges and stores the report on the row the review page
// lists. The agreement numbers are those of agreement.test.ts (the same check, run by the CLI).

// Its own database: the worker's reconciler enqueues every QUEUED submission it finds, and the
// judge calls of other files' leftovers would count against this file's request counts.
withIsolatedDatabase("agreement-job");
const { db, fake } = withFakeJudge();
const prefix = `${process.env.QUEUE_PREFIX ?? "test"}-agreement-${process.pid}`;
let worker: WorkerProcess | undefined;
let judgeEnv: Record<string, string>;

async function judged(): Promise<string> {
  const id = await seedSubmission(db);
  await runJudgeStage({ submissionId: id, db, config: testJudgeConfig(fake.baseURL), retryPolicy: FAST_RETRY });
  fake.reset();
  return id;
}

const finished = (runId: string) =>
  waitFor(async () => {
    const r = await db.judgeAgreementRun.findUniqueOrThrow({ where: { id: runId } });
    return r.status === "DONE" || r.status === "FAILED" ? r : null;
  }, `agreement run ${runId} to finish`);

async function rejection(p: Promise<unknown>) {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  if (!isAppError(e)) throw new Error(`expected an AppError, got ${String(e)}`);
  return { code: e.code, message: e.message };
}

beforeAll(async () => {
  // The same judge as the stored scores (model + prompt = scorer version), for both processes.
  judgeEnv = {
    JUDGE_BASE_URL: fake.baseURL,
    JUDGE_API_KEY: "test-key",
    JUDGE_MODEL: "fake-judge-1",
    QUEUE_PREFIX: prefix,
  };
  await setEnv(judgeEnv);
});

afterAll(async () => {
  if (worker && worker.child.exitCode === null) {
    worker.child.kill("SIGTERM");
    await worker.exit;
  }
  await setEnv({
    JUDGE_BASE_URL: undefined,
    JUDGE_API_KEY: undefined,
    JUDGE_MODEL: undefined,
    QUEUE_PREFIX: process.env.QUEUE_PREFIX,
    ENQUEUE_TIMEOUT_MS: undefined,
  });
});

describe("judge agreement check as a queued job", () => {
  it("the request only queues (no judge call); the worker runs it and stores the report on the row", async () => {
    const id = await judged();
    const queued = await requestAgreementCheck({ submissionId: id, sample: 5, seed: 7 });
    expect(queued).toMatchObject({ status: "QUEUED", sample: 5, seed: 7, report: null });
    const queue = new Queue("judge-agreement", { connection: { url: process.env.REDIS_URL! }, prefix });
    expect(await (await queue.getJob(agreementJobId(queued.id)))?.getState()).toBe("waiting");
    await queue.close();
    expect(fake.requests).toBe(0); // no worker yet: nothing was judged

    worker = spawnWorker({ ...judgeEnv, RECONCILE_INTERVAL_MS: "600000", LOG_LEVEL: "warn" });
    const done = await finished(queued.id);
    expect(done.status, done.error ?? "").toBe("DONE");
    // 8 non-empty judged answers; the empty answer and the unanswered question were never asked.
    expect(done.report).toMatchObject({
      runId: queued.id,
      eligible: 8,
      sampled: 5,
      compared: 5,
      failed: 0,
      exact: 5,
      withinOne: 5,
      exactRate: 1,
      meanAbsDiff: 0,
      disagreements: [],
    });
    expect(done.startedAt).not.toBeNull();
    expect(new Set(fake.log.flatMap((l) => l.ids)).size).toBe(5);
    const calls = await db.judgeCall.findMany({ where: { runId: queued.id } });
    expect(calls.length).toBe(fake.requests);
    expect(calls.every((c) => c.purpose === "agreement")).toBe(true);
    const audit = await db.auditEvent.findFirstOrThrow({ where: { targetId: id, action: "judge.agreement" } });
    expect(audit.details).toMatchObject({ runId: queued.id, exact: 5, compared: 5 });
    const [listed] = await listAgreementRuns(id);
    expect(listed).toMatchObject({ id: queued.id, status: "DONE", report: { exactRate: 1 } });
  }, 120_000);

  it("a drifted judge: the row is RUNNING while the worker judges, then DONE with the differences", async () => {
    const id = await judged();
    fake.mode = { kind: "shift" };
    fake.latencyMs = 1500;
    try {
      const run = await requestAgreementCheck({ submissionId: id, sample: 100 });
      await waitFor(
        async () => (await db.judgeAgreementRun.findUniqueOrThrow({ where: { id: run.id } })).status === "RUNNING",
        "the check to start",
      );
      const done = await finished(run.id);
      // Stored: 1, 0.5, 0, 1, 0.5, 0, 1, 1 -> shifted: only the two 0.5 agree exactly.
      expect(done.report).toMatchObject({
        eligible: 8,
        sampled: 8,
        compared: 8,
        exact: 2,
        withinOne: 8,
        exactRate: 0.25,
        withinOneRate: 1,
      });
      expect((done.report as { meanAbsDiff: number }).meanAbsDiff).toBeCloseTo(0.1875, 12);
    } finally {
      fake.latencyMs = 0;
    }
  }, 60_000);

  it("a check that cannot run ends FAILED with the reason the page shows", async () => {
    const id = await seedSubmission(db); // never judged
    const run = await requestAgreementCheck({ submissionId: id, sample: 5 });
    const failed = await finished(run.id);
    expect(failed).toMatchObject({
      status: "FAILED",
      error: "No judged questions to check: run the judge stage first.",
      report: null,
    });
    expect(fake.requests).toBe(0);
  }, 60_000);

  it("refuses a bad request before writing anything", async () => {
    const id = await seedSubmission(db);
    expect(await rejection(requestAgreementCheck({ submissionId: id, sample: 0 }))).toMatchObject({
      code: "VALIDATION_FAILED",
    });
    expect(await rejection(requestAgreementCheck({ submissionId: id, sample: 1e12 }))).toMatchObject({
      code: "VALIDATION_FAILED",
      message: expect.stringMatching(/from 1 to 100,000/),
    });
    expect(await rejection(requestAgreementCheck({ submissionId: id, sample: 5, seed: 2 ** 40 }))).toMatchObject({
      code: "VALIDATION_FAILED",
    });
    expect(await rejection(requestAgreementCheck({ submissionId: "nope", sample: 5 }))).toMatchObject({
      code: "NOT_FOUND",
    });
    await setEnv({ JUDGE_BASE_URL: undefined });
    try {
      expect(await rejection(requestAgreementCheck({ submissionId: id, sample: 5 }))).toMatchObject({
        code: "CONFLICT",
        message: expect.stringMatching(/not configured/),
      });
    } finally {
      await setEnv(judgeEnv);
    }
    expect(await db.judgeAgreementRun.count({ where: { submissionId: id } })).toBe(0);
  });

  it("Redis unreachable: the request fails fast with UNAVAILABLE and the row says it was not queued", async () => {
    const id = await judged();
    const redisUrl = process.env.REDIS_URL;
    await setEnv({ REDIS_URL: `redis://127.0.0.1:${await freePort()}`, ENQUEUE_TIMEOUT_MS: "500" });
    try {
      const started = Date.now();
      expect(await rejection(requestAgreementCheck({ submissionId: id, sample: 5 }))).toMatchObject({
        code: "UNAVAILABLE",
        message: expect.stringMatching(/^Not queued: enqueue timed out/),
      });
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      await setEnv({ REDIS_URL: redisUrl, ENQUEUE_TIMEOUT_MS: undefined });
    }
    const [row] = await listAgreementRuns(id);
    expect(row).toMatchObject({ status: "FAILED", error: expect.stringMatching(/Nothing was judged/) });
    expect(fake.requests).toBe(0);
  });
});
