// Issue 47 (the lows): JUDGE_DAILY_CALLS caps the judge requests of a UTC day. Past it, a new judge
// stage waits: the real worker stores the lexical scores, sends the judge nothing and delays the job
// to 00:00 UTC without using an attempt; /admin says so (en and zh). Raised again, the job finishes.
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JudgeBudgetNote } from "@/app/(site)/admin/_components/judge-budget-note";
import { db } from "@/lib/server/db";
import { logger } from "@/lib/server/logger";
import { getQueue, scoringJobId } from "@/lib/server/queue";
import { createSubmission } from "@/lib/server/submissions/create-submission";
import { syntheticPredictions } from "@/scripts/dev/synthetic-predictions";
import { createScoringWorker, type ScoringWorker } from "@/workers/worker";
import { startFakeJudgeServer, type FakeJudgeServer } from "../../../scripts/dev/fake-judge-server";
import {
  freshUser,
  restoreActiveKey,
  setEnv,
  uploaded,
  useSyntheticKey,
  waitFor,
  waitForStatus,
} from "../../support/pipeline-helpers";

const log = logger.child({ test: "judge-daily-budget" });
log.level = "warn";
let worker: ScoringWorker;
let fake: FakeJudgeServer;
let key: Awaited<ReturnType<typeof useSyntheticKey>>;

const todaysCalls = () => {
  const now = new Date();
  const since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  return db.judgeCall.count({ where: { createdAt: { gte: since } } });
};
const submit = async (seed: number) => {
  const user = await freshUser();
  const files = uploaded(
    syntheticPredictions(key.questions, "dyadic", { quality: 0.6, seed }),
    syntheticPredictions(key.questions, "multi-party", { quality: 0.6, seed: seed + 1 }),
  );
  return (await createSubmission({ userId: user.id, files, meta: { methodName: `budget-${seed}` } })).id;
};

beforeAll(async () => {
  fake = await startFakeJudgeServer();
  await setEnv({
    JUDGE_BASE_URL: fake.baseURL,
    JUDGE_API_KEY: "budget-key",
    JUDGE_MODEL: "fake-judge-budget",
    JUDGE_MAX_RETRIES: "1",
    QUEUE_PREFIX: `${process.env.QUEUE_PREFIX ?? "test"}-judge-budget-${process.pid}`,
  });
  await db.judgeCache.deleteMany({ where: { model: "fake-judge-budget" } });
  key = await useSyntheticKey({ dyadic: 20, multiParty: 8 }, 4747);
  worker = createScoringWorker(log);
});

afterAll(async () => {
  await restoreActiveKey();
  await worker?.worker.close();
  await getQueue("scoring").obliterate({ force: true });
  await fake?.close();
  await setEnv({
    JUDGE_BASE_URL: undefined,
    JUDGE_API_KEY: undefined,
    JUDGE_MODEL: undefined,
    JUDGE_MAX_RETRIES: undefined,
    JUDGE_DAILY_CALLS: undefined,
  });
});

describe("JUDGE_DAILY_CALLS", () => {
  it("past the budget a new judge stage waits for the next UTC day; lexical scores still arrive", async () => {
    // Other files may have judged today: the budget leaves room for exactly one more call.
    await setEnv({ JUDGE_DAILY_CALLS: String((await todaysCalls()) + 1) });
    const first = await submit(10);
    expect((await waitForStatus(first, ["SCORED", "FAILED"], 90_000)).status).toBe("SCORED");
    const calls = fake.requests;
    expect(calls).toBeGreaterThan(0);

    const second = await submit(20);
    const queue = getQueue("scoring");
    const job = await waitFor(
      async () => {
        const j = await queue.getJob(scoringJobId(second));
        return j && (await j.getState()) === "delayed" ? j : null;
      },
      "the job to be delayed",
      60_000,
    );
    expect(job.attemptsMade).toBe(0);
    const row = await db.submission.findUniqueOrThrow({ where: { id: second } });
    expect(row).toMatchObject({ status: "QUEUED", stage: "judge" });
    expect(await db.score.count({ where: { submissionId: second, metric: "f1" } })).toBeGreaterThan(0);
    expect(await db.score.count({ where: { submissionId: second, metric: "judge" } })).toBe(0);
    expect(fake.requests).toBe(calls);

    // The admin review page says so, in both languages.
    const en = renderToStaticMarkup(await JudgeBudgetNote({ locale: "en" }));
    expect(en).toContain("The judge&#x27;s daily budget is spent");
    expect(en).toContain("New judge stages wait until 00:00 UTC; lexical scores still arrive.");
    expect(renderToStaticMarkup(await JudgeBudgetNote({ locale: "zh" }))).toContain("今日评审额度已用完");

    // A budget raised (here: removed) and the day come: the delayed job finishes the judge stage.
    await setEnv({ JUDGE_DAILY_CALLS: undefined });
    expect(await JudgeBudgetNote({ locale: "en" })).toBeNull();
    // setEnv reconnects the producers: the job is fetched again on the new connection.
    await (await getQueue("scoring").getJob(scoringJobId(second)))!.promote();
    expect((await waitForStatus(second, ["SCORED", "FAILED"], 90_000)).status).toBe("SCORED");
    expect(await db.score.count({ where: { submissionId: second, metric: "judge" } })).toBeGreaterThan(0);
  });
});
