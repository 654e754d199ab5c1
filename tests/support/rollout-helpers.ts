// Shared set-up for the judge rollout tests (not a test file itself): an own database, a fake
// judge configured as model "judge-a", a synthetic answer key, an admin and the real BullMQ
// worker; and approved entries scored through it.
import { afterAll, beforeAll, expect } from "vitest";
import type { SessionUser } from "@/lib/server/auth/config";
import { logger, type Logger } from "@/lib/server/logger";
import { approveSubmission } from "@/lib/server/review/decide";
import { getQueue } from "@/lib/server/queue";
import { createSubmission } from "@/lib/server/submissions/create-submission";
import { syntheticPredictions, type DatasetSize } from "@/scripts/dev/synthetic-predictions";
import { createScoringWorker, type ScoringWorker } from "@/workers/worker";
import { startFakeJudgeServer, type FakeJudgeServer } from "../../scripts/dev/fake-judge-server";
import { withIsolatedDatabase } from "./isolated-db";
import { freshUser, setEnv, uploaded, useSyntheticKey, waitForStatus } from "./pipeline-helpers";

export type RolloutHarness = {
  log: Logger;
  fake: FakeJudgeServer;
  admin: SessionUser;
  key: Awaited<ReturnType<typeof useSyntheticKey>>;
};

/** Call once at the top level of a test file; the fields are set before the first test. */
export function withJudgeRollout(label: string, keySize: DatasetSize, keySeed: number): RolloutHarness {
  withIsolatedDatabase(label);
  const log = logger.child({ test: label });
  log.level = "warn";
  const h = { log } as RolloutHarness;
  let worker: ScoringWorker | undefined;
  beforeAll(async () => {
    h.fake = await startFakeJudgeServer();
    await setEnv({
      JUDGE_BASE_URL: h.fake.baseURL,
      JUDGE_API_KEY: `${label}-key`,
      JUDGE_MODEL: "judge-a",
      JUDGE_MAX_RETRIES: "1",
      QUEUE_PREFIX: `${process.env.QUEUE_PREFIX ?? "test"}-${label}-${process.pid}`,
    });
    h.key = await useSyntheticKey(keySize, keySeed);
    const u = await freshUser("ADMIN");
    h.admin = { id: u.id, email: u.email, name: null, role: "ADMIN" };
    worker = createScoringWorker(log);
  });
  afterAll(async () => {
    await worker?.worker.close();
    await getQueue("scoring").obliterate({ force: true });
    await h.fake?.close();
    await setEnv({
      JUDGE_BASE_URL: undefined,
      JUDGE_API_KEY: undefined,
      JUDGE_MODEL: undefined,
      JUDGE_MAX_RETRIES: undefined,
    });
  });
  return h;
}

/** One entry per quality, uploaded, scored by the worker and approved; their ids in order. */
export async function approvedEntries(h: RolloutHarness, qualities: number[], seed: number): Promise<string[]> {
  const user = await freshUser();
  const ids: string[] = [];
  for (const [i, quality] of qualities.entries()) {
    const files = uploaded(
      syntheticPredictions(h.key.questions, "dyadic", { quality, seed: seed + i }),
      syntheticPredictions(h.key.questions, "multi-party", { quality, seed: seed + 10 + i }),
    );
    const res = await createSubmission({
      userId: user.id,
      files,
      meta: { methodName: `${h.log.bindings().test}-${i}` },
    });
    expect((await waitForStatus(res.id, ["SCORED", "FAILED"], 90_000)).status).toBe("SCORED");
    await approveSubmission({ submissionId: res.id, reviewerId: h.admin.id });
    ids.push(res.id);
  }
  return ids;
}
