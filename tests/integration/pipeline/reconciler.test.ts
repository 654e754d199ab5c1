// The reconciler on real Postgres and Redis: an in-progress submission whose job vanished from
// Redis (a restarted, empty Redis) is re-enqueued after the short grace, not after 5 minutes,
// while one whose job still exists is left to BullMQ.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/server/db";
import { logger } from "@/lib/server/logger";
import { getQueue, scoringJobId, scoringJobState } from "@/lib/server/queue";
import { createSubmission } from "@/lib/server/submissions/create-submission";
import { syntheticPredictions } from "@/scripts/dev/synthetic-predictions";
import { reconcileOnce } from "@/workers/reconciler";
import { freshUser, restoreActiveKey, setEnv, uploaded, useSyntheticKey } from "../../support/pipeline-helpers";

const prefix = `${process.env.QUEUE_PREFIX ?? "test"}-reconcile-${process.pid}`;
const originalPrefix = process.env.QUEUE_PREFIX;
let key: Awaited<ReturnType<typeof useSyntheticKey>>;

beforeAll(async () => {
  key = await useSyntheticKey({ dyadic: 20, multiParty: 6 }, 404);
  await setEnv({ QUEUE_PREFIX: prefix });
});

afterAll(async () => {
  await getQueue("scoring")
    .obliterate({ force: true })
    .catch(() => undefined);
  await setEnv({ QUEUE_PREFIX: originalPrefix });
  await restoreActiveKey();
});

/** A stored submission marked as being judged `ageMs` ago, whose job Redis no longer has. */
async function orphanedInProgress(methodName: string, ageMs: number): Promise<string> {
  const user = await freshUser();
  const files = uploaded(
    syntheticPredictions(key.questions, "dyadic", { seed: 1 }),
    syntheticPredictions(key.questions, "multi-party", { seed: 2 }),
  );
  const { id } = await createSubmission({ userId: user.id, files, meta: { methodName } });
  await (await getQueue("scoring").getJob(scoringJobId(id)))?.remove();
  await db.$executeRaw`UPDATE "Submission" SET status = 'JUDGING', "updatedAt" = ${new Date(Date.now() - ageMs)} WHERE id = ${id}`;
  return id;
}

describe("reconciler", () => {
  it("re-enqueues an in-progress submission whose job is gone after 30 s, not 5 minutes", async () => {
    const lost = await orphanedInProgress("lost in a Redis restart", 60_000);
    const fresh = await orphanedInProgress("just updated", 5_000);
    expect(await scoringJobState(lost)).toBeNull();

    const r = await reconcileOnce(logger);
    expect(r.errors).toBe(0);
    expect(await scoringJobState(lost)).toBe("waiting");
    // Within the grace its worker may still be about to write: left alone for now.
    expect(await scoringJobState(fresh)).toBeNull();
  });

  it("leaves an in-progress submission with a live job to BullMQ", async () => {
    const user = await freshUser();
    const files = uploaded(
      syntheticPredictions(key.questions, "dyadic", { seed: 3 }),
      syntheticPredictions(key.questions, "multi-party", { seed: 4 }),
    );
    const { id } = await createSubmission({ userId: user.id, files, meta: { methodName: "live job" } });
    await db.$executeRaw`UPDATE "Submission" SET status = 'SCORING_LEXICAL', "updatedAt" = ${new Date(Date.now() - 10 * 60_000)} WHERE id = ${id}`;
    const job = await getQueue("scoring").getJob(scoringJobId(id));
    const before = job?.timestamp;
    await reconcileOnce(logger);
    const after = await getQueue("scoring").getJob(scoringJobId(id));
    expect(after?.timestamp).toBe(before);
    expect(await scoringJobState(id)).toBe("waiting");
  });
});
