// The two faults of the soak: one worker SIGKILL (a supervisor starts a new worker a second
// later, as the quick start and docker's restart policy do) and one Redis outage.
import { db } from "../../lib/server/db";
import type { Managed, PrivateRedis, Processes } from "./stack";
import { sleep } from "./stack";

export type Chaos = { killAtMs: number; outageAtMs: number; outageMs: number; outageMode: "restart" | "stop" };

/** Kill at 30% of the run, outage at 55% (ending at least 5 s before the end). */
export function schedule(durationMs: number, outageMs: number, outageMode: Chaos["outageMode"]): Chaos {
  const outageAtMs = Math.max(0.35 * durationMs, Math.min(0.55 * durationMs, durationMs - outageMs - 5000));
  return { killAtMs: 0.3 * durationMs, outageAtMs, outageMs, outageMode };
}

/** Runs the schedule; returns when both faults are over. `say` receives timestamped events. */
export async function runChaos(opts: {
  chaos: Chaos;
  t0: number;
  procs: Processes;
  worker: { current: Managed };
  workerEnv: Record<string, string>;
  redis: PrivateRedis;
  ownerIds: string[];
  say: (event: string) => void;
}): Promise<void> {
  const { chaos, t0, procs, redis, say } = opts;
  const until = (ms: number) => sleep(Math.max(0, t0 + ms - Date.now()));

  await until(chaos.killAtMs);
  // Prefer a moment when the worker holds a job, so the kill interrupts real work.
  for (let i = 0; i < 20; i++) {
    const busy = await db.submission.count({
      where: { userId: { in: opts.ownerIds }, status: { in: ["SCORING_LEXICAL", "JUDGING"] } },
    });
    if (busy > 0) break;
    await sleep(500);
  }
  const active = await db.submission.findMany({
    where: { userId: { in: opts.ownerIds }, status: { in: ["SCORING_LEXICAL", "JUDGING"] } },
    select: { id: true, status: true },
  });
  await procs.kill(opts.worker.current);
  say(
    `worker SIGKILLed with ${active.length} submission(s) in progress (${active.map((a) => `${a.id} ${a.status}`).join(", ") || "none"})`,
  );
  await sleep(1000);
  opts.worker.current = procs.worker(opts.workerEnv);
  say("new worker started");

  await until(chaos.outageAtMs);
  say(
    `Redis made unavailable for ${chaos.outageMs / 1000} s (${chaos.outageMode === "restart" ? "SIGKILL, then a fresh empty redis-server on the same port: every queued job and lock is lost" : "SIGSTOP/SIGCONT: connections hang, data kept"})`,
  );
  await redis.outage(chaos.outageMode, chaos.outageMs);
  say("Redis back");
}
