// The worker as a real process: killed with SIGKILL mid-job, the job is recovered by another
// worker through BullMQ's stalled-job detection with identical results; SIGTERM lets the current
// job finish (or, past the shutdown timeout, releases it) and exits 0. Also the health endpoint.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/server/db";
import { getQueue } from "@/lib/server/queue";
import { createSubmission } from "@/lib/server/submissions/create-submission";
import { syntheticPredictions } from "@/scripts/dev/synthetic-predictions";
import {
  freePort,
  freshUser,
  libraryScores,
  predictionSnapshot,
  scoreSnapshot,
  setEnv,
  spawnWorker,
  uploaded,
  useSyntheticKey,
  waitFor,
  waitForStatus,
  restoreActiveKey,
  type WorkerProcess,
} from "../../support/pipeline-helpers";

let key: Awaited<ReturnType<typeof useSyntheticKey>>;
const workers: WorkerProcess[] = [];
const prefix = `${process.env.QUEUE_PREFIX ?? "test"}-crash-${process.pid}`;
// Short lock so a dead worker's job is taken over within seconds (production: 30 s).
const WORKER_ENV = {
  QUEUE_PREFIX: prefix,
  WORKER_LOCK_DURATION_MS: "5000",
  WORKER_STALLED_INTERVAL_MS: "1000",
  RECONCILE_INTERVAL_MS: "600000",
  JUDGE_BASE_URL: "",
};

function start(extra: Record<string, string> = {}): WorkerProcess {
  const w = spawnWorker({ ...WORKER_ENV, ...extra });
  workers.push(w);
  return w;
}

/** A big submission (the key's questions plus thousands of unmatched fillers) so a job takes seconds. */
async function bigSubmission(seed: number) {
  const user = await freshUser();
  const dyadic = syntheticPredictions(key.questions, "dyadic", { seed, extra: 12_000 });
  const multi = syntheticPredictions(key.questions, "multi-party", { seed: seed + 1 });
  const res = await createSubmission({
    userId: user.id,
    files: uploaded(dyadic, multi),
    meta: { methodName: `big ${seed}` },
  });
  return { id: res.id, dyadic, multi };
}

/** Resolves once the worker is writing per-question results (between the first and the last chunk). */
function midJob(id: string) {
  return waitFor(
    async () => {
      const s = await db.submission.findUnique({ where: { id } });
      return s && s.status === "SCORING_LEXICAL" && s.progressDone > 0 && s.progressDone < s.progressTotal ? s : null;
    },
    "the job to be mid-way",
    60_000,
    10,
  );
}

async function expectLibraryParity(id: string, dyadic: Uint8Array, multi: Uint8Array) {
  const expected = libraryScores(dyadic, multi, key);
  const stored = await scoreSnapshot(id);
  const want = expected.rows
    .map((r) => ({ scorerVersion: expected.scorerVersion, ...r }))
    .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  expect(stored).toEqual(want);
  const preds = await predictionSnapshot(id);
  const answered = expected.perQuestion.filter((q) => q.index !== null);
  expect(preds.length).toBe(answered.length);
  const bySlot = new Map(preds.map((p) => [`${p.split}#${p.index}`, p]));
  for (const q of answered) expect(bySlot.get(`${q.split}#${q.index}`)?.f1).toBe(q.f1);
}

beforeAll(async () => {
  // The big submission (~3 MB) is past the default 2 MiB cap: a deployment that takes such files raises it.
  await setEnv({ QUEUE_PREFIX: prefix, JUDGE_BASE_URL: undefined, UPLOAD_MAX_BYTES: String(16 * 1024 * 1024) });
  key = await useSyntheticKey({ dyadic: 300, multiParty: 60 }, 404);
});

afterAll(async () => {
  await restoreActiveKey();
  for (const w of workers) if (w.child.exitCode === null && w.child.signalCode === null) w.child.kill("SIGKILL");
  await Promise.all(workers.map((w) => w.exit));
  await getQueue("scoring").obliterate({ force: true });
  await setEnv({});
});

describe("worker process", () => {
  it("recovers a job after the worker is killed with SIGKILL mid-job, with identical results", async () => {
    const sub = await bigSubmission(1);
    const a = start();
    const mid = await midJob(sub.id);
    a.child.kill("SIGKILL");
    expect(await a.exit).toBeNull(); // killed by the signal, no exit code
    const afterKill = await db.submission.findUniqueOrThrow({ where: { id: sub.id } });
    expect(afterKill.status).toBe("SCORING_LEXICAL");
    expect(afterKill.progressDone).toBeGreaterThanOrEqual(mid.progressDone);
    expect(afterKill.progressDone).toBeLessThan(afterKill.progressTotal);

    const b = start();
    const done = await waitForStatus(sub.id, ["SCORED", "FAILED"], 90_000);
    expect(done.failureReason).toBeNull();
    expect(done.status).toBe("SCORED");
    expect(b.logs().some((l) => l.msg === "job started" && l.submissionId === sub.id)).toBe(true);
    const lexical = await db.stageRun.findUniqueOrThrow({
      where: { submissionId_stage: { submissionId: sub.id, stage: "lexical" } },
    });
    expect(lexical.attempts).toBe(2);
    await expectLibraryParity(sub.id, sub.dyadic, sub.multi);

    b.child.kill("SIGTERM");
    expect(await b.exit).toBe(0);
  }, 180_000);

  it("SIGTERM lets the current job finish, then exits 0; the health endpoint answers while running", async () => {
    const healthPort = await freePort();
    const sub = await bigSubmission(2);
    const c = start({ WORKER_HEALTH_PORT: String(healthPort) });
    await midJob(sub.id);
    const health = await fetch(`http://127.0.0.1:${healthPort}/health`);
    expect(health.status).toBe(200);
    const body = (await health.json()) as { active: number };
    expect(body).toMatchObject({ ok: true, worker: "running", database: "ok", redis: "ok" });
    expect(body.active).toBeGreaterThanOrEqual(1); // the big job (leftover QUEUED submissions may run too)

    c.child.kill("SIGTERM");
    expect(await c.exit).toBe(0);
    const row = await db.submission.findUniqueOrThrow({ where: { id: sub.id } });
    expect(row.status).toBe("SCORED");
    expect(c.logs().map((l) => l.msg)).toEqual(
      expect.arrayContaining(["shutting down: letting the current job finish", "worker stopped"]),
    );
    await expectLibraryParity(sub.id, sub.dyadic, sub.multi);
  }, 180_000);

  it("SIGTERM past the shutdown timeout releases the job to another worker and still exits 0", async () => {
    const sub = await bigSubmission(3);
    const d = start({ WORKER_SHUTDOWN_TIMEOUT_MS: "0" });
    await midJob(sub.id);
    d.child.kill("SIGTERM");
    expect(await d.exit).toBe(0);
    expect(d.logs().some((l) => l.msg === "active job did not finish in time; releasing it")).toBe(true);
    expect((await db.submission.findUniqueOrThrow({ where: { id: sub.id } })).status).not.toBe("SCORED");

    const e = start();
    const done = await waitForStatus(sub.id, ["SCORED", "FAILED"], 90_000);
    expect(done.status).toBe("SCORED");
    await expectLibraryParity(sub.id, sub.dyadic, sub.multi);
    e.child.kill("SIGTERM");
    expect(await e.exit).toBe(0);
  }, 180_000);
});
