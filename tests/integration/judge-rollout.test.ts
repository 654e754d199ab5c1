// A judge rollout end to end, through the real BullMQ worker and a fake OpenAI-compatible judge:
// entries scored and approved under judge model A, the board pinned to that version, the
// deployment switched to model B, "re-judge all" producing new rows under B's version while the
// board keeps showing A, the rank preview, then the publish. Own database (it re-scores every
// approved entry).
import type { Worker } from "bullmq";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "@/lib/server/auth.config";
import { db } from "@/lib/server/db";
import { rescorePreview } from "@/lib/server/judge/rescore-preview";
import { logger } from "@/lib/server/logger";
import { publishScorerVersion, rejudgeAllApproved } from "@/lib/server/mutations/scorer-versions";
import { approveSubmission } from "@/lib/server/mutations/review";
import { publishedScorerVersion } from "@/lib/server/published-version";
import { rankedBoard } from "@/lib/server/queries/leaderboard";
import { scorerVersionStatus } from "@/lib/server/queries/scorer-versions";
import { getScoringQueue } from "@/lib/server/queue";
import { currentScorerVersion } from "@/lib/server/scoring-version";
import { createSubmission } from "@/lib/server/submissions/create-submission";
import { syntheticPredictions } from "@/scripts/pipeline-fixtures";
import { createScoringWorker } from "@/workers/worker";
import { startFakeJudgeServer, type FakeJudgeServer } from "../support/fake-judge-server";
import { withIsolatedDatabase } from "../support/isolated-db";
import { freshUser, setEnv, uploaded, useSyntheticKey, waitForStatus } from "./pipeline-helpers";

withIsolatedDatabase("rollout");

const log = logger.child({ test: "judge-rollout" });
log.level = "warn";
let worker: Worker;
let fake: FakeJudgeServer;
let admin: SessionUser;
let key: Awaited<ReturnType<typeof useSyntheticKey>>;

beforeAll(async () => {
  fake = await startFakeJudgeServer();
  await setEnv({
    JUDGE_BASE_URL: fake.baseURL,
    JUDGE_API_KEY: "rollout-key",
    JUDGE_MODEL: "judge-a",
    JUDGE_MAX_RETRIES: "1",
    QUEUE_PREFIX: `${process.env.QUEUE_PREFIX ?? "test"}-rollout-${process.pid}`,
  });
  key = await useSyntheticKey({ dyadic: 40, multiParty: 10 }, 404);
  const u = await freshUser("ADMIN");
  admin = { id: u.id, email: u.email, name: null, role: "ADMIN" };
  worker = createScoringWorker(log);
});

afterAll(async () => {
  await worker?.close();
  await getScoringQueue().obliterate({ force: true });
  await fake?.close();
  await setEnv({ JUDGE_BASE_URL: undefined, JUDGE_API_KEY: undefined, JUDGE_MODEL: undefined, JUDGE_MAX_RETRIES: undefined });
});

const judgeBoard = () => rankedBoard({ split: "overall", metric: "judge", aggregate: "micro" });

describe("rolling out a new judge model", () => {
  it("re-judges approved entries under the new version, previews, and publishes it", async () => {
    const user = await freshUser();
    const ids: string[] = [];
    for (const [i, quality] of [0.8, 0.4].entries()) {
      const files = uploaded(
        syntheticPredictions(key.questions, "dyadic", { quality, seed: 31 + i }),
        syntheticPredictions(key.questions, "multi-party", { quality, seed: 41 + i }),
      );
      const res = await createSubmission({ userId: user.id, files, meta: { methodName: `rollout-${i}` } });
      expect((await waitForStatus(res.id, ["SCORED", "FAILED"], 90_000)).status).toBe("SCORED");
      await approveSubmission({ submissionId: res.id, reviewerId: admin.id });
      ids.push(res.id);
    }
    const va = currentScorerVersion();
    expect(va).toMatch(/\+judge=judge-a@/);
    expect((await judgeBoard()).entries.map((e) => e.id).sort()).toEqual([...ids].sort());
    // Pin the board to A before the deployment changes (allowed while nothing is published).
    await publishScorerVersion({ actor: admin, version: va });

    await setEnv({ JUDGE_MODEL: "judge-b" });
    const vb = currentScorerVersion();
    expect(vb).toMatch(/\+judge=judge-b@/);
    expect(await publishedScorerVersion()).toBe(va);
    expect((await scorerVersionStatus()).current).toMatchObject({ version: vb, approved: 2, scored: 0 });

    const callsBefore = fake.requests;
    const run = await rejudgeAllApproved({ actor: admin });
    expect(run.enqueued.sort()).toEqual([...ids].sort());
    // While they are re-judged the public board still shows both under A.
    const during = await judgeBoard();
    expect([during.scorerVersion, during.entries.length]).toEqual([va, 2]);
    for (const id of ids) expect((await waitForStatus(id, ["SCORED", "FAILED"], 90_000)).status).toBe("SCORED");

    // New rows under B (lexical and judge); A's rows are kept; B's judge was really asked.
    for (const id of ids) {
      for (const v of [va, vb]) expect(await db.score.count({ where: { submissionId: id, scorerVersion: v, metric: { in: ["judge", "f1"] }, scope: "ALL", split: "overall", aggregate: "micro" } })).toBe(2);
    }
    expect(fake.requests).toBeGreaterThan(callsBefore);
    expect(fake.log.slice(-1)[0]!.model).toBe("judge-b");
    expect(await rejudgeAllApproved({ actor: admin })).toMatchObject({ enqueued: [], inProgress: [], scored: 2 });
    expect((await scorerVersionStatus()).current).toMatchObject({ scored: 2, approved: 2, inProgress: 0 });

    const preview = await rescorePreview({ from: va, to: vb, metric: "judge" });
    expect(preview.map((r) => r.id).sort()).toEqual([...ids].sort());
    expect(preview.every((r) => r.from && r.to && r.move !== null)).toBe(true);
    expect((await judgeBoard()).scorerVersion).toBe(va);

    await publishScorerVersion({ actor: admin, version: vb });
    const after = await judgeBoard();
    expect(after.scorerVersion).toBe(vb);
    expect(after.entries.map((e) => e.id).sort()).toEqual([...ids].sort());
    const trail = await db.auditEvent.findMany({ where: { action: "scorer.publish" }, orderBy: { createdAt: "asc" } });
    expect(trail.map((t) => [(t.details as { from: string }).from, (t.details as { to: string }).to])).toEqual([[va, va], [va, vb]]);
  });
});
