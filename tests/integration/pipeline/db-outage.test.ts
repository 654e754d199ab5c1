// A database outage while a job runs is transient: the worker process retries the job with
// backoff instead of failing the submission, and scores it once the database is back.
// The outage is a TCP proxy in front of the real database that is closed and reopened.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/server/db";
import { getQueue } from "@/lib/server/queue";
import { createSubmission } from "@/lib/server/submissions/create-submission";
import { syntheticPredictions } from "@/scripts/dev/synthetic-predictions";
import {
  freePort,
  freshUser,
  setEnv,
  spawnWorker,
  uploaded,
  useSyntheticKey,
  waitFor,
  waitForStatus,
  type WorkerProcess,
  restoreActiveKey,
} from "../../support/pipeline-helpers";
import { tcpOutageProxy } from "../../support/tcp-outage-proxy";

const prefix = `${process.env.QUEUE_PREFIX ?? "test"}-outage-${process.pid}`;
let worker: WorkerProcess | undefined;
let proxy: ReturnType<typeof tcpOutageProxy> | undefined;

beforeAll(async () => {
  await setEnv({ QUEUE_PREFIX: prefix, JUDGE_BASE_URL: undefined });
});

afterAll(async () => {
  await restoreActiveKey();
  if (worker && worker.child.exitCode === null) {
    worker.child.kill("SIGKILL");
    await worker.exit;
  }
  await proxy?.close();
  await getQueue("scoring").obliterate({ force: true });
  await setEnv({});
});

describe("database outage during scoring", () => {
  it("retries the job with backoff and scores the submission when the database is back", async () => {
    const key = await useSyntheticKey({ dyadic: 60, multiParty: 12 }, 505);
    const user = await freshUser();
    const files = uploaded(
      syntheticPredictions(key.questions, "dyadic", { seed: 9 }),
      syntheticPredictions(key.questions, "multi-party", { seed: 10 }),
    );
    const res = await createSubmission({ userId: user.id, files, meta: { methodName: "db outage" } });

    const real = new URL(process.env.DATABASE_URL!);
    const port = await freePort();
    const viaProxy = new URL(real);
    viaProxy.hostname = "127.0.0.1";
    viaProxy.port = String(port);
    // The database is "down" (nothing listens on the proxy port) when the worker takes the job.
    worker = spawnWorker({
      DATABASE_URL: viaProxy.toString(),
      QUEUE_PREFIX: prefix,
      JOB_ATTEMPTS: "20",
      JOB_BACKOFF_MS: "300",
      RECONCILE_INTERVAL_MS: "600000",
      JUDGE_BASE_URL: "",
    });
    await waitFor(
      async () => worker!.logs().some((l) => l.msg === "job failed" && l.submissionId === res.id && l.final === false),
      "a retried job failure",
      90_000,
    );
    expect((await db.submission.findUniqueOrThrow({ where: { id: res.id } })).status).toBe("QUEUED");

    proxy = tcpOutageProxy(port, real);
    await proxy.open();
    const done = await waitForStatus(res.id, ["SCORED", "FAILED"], 90_000);
    expect(done.failureReason).toBeNull();
    expect(done.status).toBe("SCORED");
    const failures = worker.logs().filter((l) => l.msg === "job failed" && l.submissionId === res.id);
    expect(failures.length).toBeGreaterThanOrEqual(1);
    expect(failures.every((l) => l.final === false)).toBe(true);
    expect(String(failures[0].err)).toMatch(/ECONNREFUSED|connect|reach/i);

    worker.child.kill("SIGTERM");
    expect(await worker.exit).toBe(0);
  }, 180_000);
});
