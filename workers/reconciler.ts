import { db } from "@/lib/server/db";
import type { Logger } from "@/lib/server/logger";
import { enqueueScoring, scoringJobId, scoringJobState } from "@/lib/server/queue";
import { ensureReferenceScores } from "@/lib/server/leaderboard/compute-references";
import { ensureCalibration } from "@/lib/server/operations/calibration-runs";
import { rolloutNltkMode, type NltkRolloutResult } from "@/lib/server/operations/nltk-rollout";
import { reconcileOutbox } from "@/lib/server/notify/outbox";

// Postgres is the source of truth and the queue only carries ids, so a submission whose job was
// never added (Redis down at upload) or was lost (Redis flushed) is found here and enqueued.
// enqueueScoring is idempotent per submission (one job id), so running this often is harmless.

const RECEIVED_GRACE_MS = 60_000; // a RECEIVED row younger than this may still be mid-upload
// An in-progress row whose job is gone from Redis (Redis restarted or flushed) was lost: there is
// nothing left to finish it, so it is re-enqueued after a short grace. One whose job ended
// (completed/failed) while the row still says in progress waits longer, because the worker that
// ran it may still be writing the final status.
const IN_PROGRESS_NO_JOB_GRACE_MS = 30_000;
const IN_PROGRESS_GRACE_MS = 5 * 60_000;

export type ReconcileResult = { checked: number; enqueued: number; errors: number };

export async function reconcileOnce(log: Logger, now: Date = new Date()): Promise<ReconcileResult> {
  const candidates = await db.submission.findMany({
    where: {
      OR: [
        { status: "QUEUED" },
        { status: "RECEIVED", updatedAt: { lt: new Date(now.getTime() - RECEIVED_GRACE_MS) } },
        {
          status: { in: ["SCORING_LEXICAL", "JUDGING"] },
          updatedAt: { lt: new Date(now.getTime() - IN_PROGRESS_NO_JOB_GRACE_MS) },
        },
      ],
    },
    select: { id: true, status: true, updatedAt: true },
    orderBy: { createdAt: "asc" },
    take: 1000,
  });
  const result: ReconcileResult = { checked: candidates.length, enqueued: 0, errors: 0 };
  for (const s of candidates) {
    try {
      const state = await scoringJobState(s.id);
      // waiting/active/delayed/prioritized jobs will run; only a missing or finished job needs a new one.
      if (state !== null && state !== "completed" && state !== "failed" && state !== "unknown") continue;
      const inProgress = s.status === "SCORING_LEXICAL" || s.status === "JUDGING";
      if (inProgress && state !== null && now.getTime() - s.updatedAt.getTime() < IN_PROGRESS_GRACE_MS) continue;
      if (s.status === "RECEIVED")
        await db.submission.update({ where: { id: s.id }, data: { status: "QUEUED", stage: "queued" } });
      await enqueueScoring(s.id);
      result.enqueued++;
      log.info(
        { submissionId: s.id, jobId: scoringJobId(s.id), previousJobState: state, status: s.status },
        "reconciler enqueued submission",
      );
    } catch (e) {
      result.errors++;
      log.warn(
        { submissionId: s.id, jobId: scoringJobId(s.id), err: (e as Error).message },
        "reconciler could not enqueue (will retry next round)",
      );
      // Redis is most likely down: the rest would fail the same way.
      break;
    }
  }
  return result;
}

/**
 * Entries scored under another NLTK mode than this deployment's are re-scored (no judge calls,
 * the board unchanged until an admin publishes; lib/server/operations/nltk-rollout.ts). Runs before
 * reconcileOnce in each round, so the submissions it queues are enqueued in the same round.
 */
export async function reconcileScorerVersion(log: Logger): Promise<NltkRolloutResult | null> {
  const r = await rolloutNltkMode();
  if (r)
    log.info(
      { from: r.from, to: r.to, pinned: r.pinned, requeued: r.requeued.length },
      "re-scoring entries under the new NLTK mode",
    );
  return r;
}

/** Runs at once and then every intervalMs (with the outbox's leftovers and the reference rows' check); rounds never overlap. */
export function startReconciler(log: Logger, intervalMs: number): { stop: () => Promise<void> } {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const round = () => {
    running = reconcileScorerVersion(log)
      .catch((e: unknown) =>
        log.warn({ err: (e as Error).message }, "NLTK mode rollout not run (will retry next round)"),
      )
      .then(() => reconcileOnce(log))
      .then((r) => (r.checked > 0 ? log.debug(r, "reconcile round") : undefined))
      .catch((e: unknown) => log.warn({ err: (e as Error).message }, "reconcile round failed"))
      .then(() => reconcileOutbox(log))
      // Reference rows are lazily ensured here: one indexed read per round once they exist.
      .then(() => ensureReferenceScores(log))
      .catch((e: unknown) =>
        log.warn({ err: (e as Error).message }, "reference scores not computed (will retry next round)"),
      )
      // The judge card: one calibration per judge version and answer key, queued for the calibration worker.
      .then(() => ensureCalibration())
      .catch((e: unknown) =>
        log.warn({ err: (e as Error).message }, "judge calibration not queued (will retry next round)"),
      )
      .finally(() => {
        if (!stopped) timer = setTimeout(round, intervalMs);
      });
  };
  round();
  return {
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
