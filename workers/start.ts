import http from "node:http";
import { UnrecoverableError, Worker, type Job } from "bullmq";
import { db } from "@/lib/server/db";
import { env } from "@/lib/server/env";
import type { Logger } from "@/lib/server/logger";
import { closeQueues, getQueue, workerConnection, type JobDataOf, type QueueName } from "@/lib/server/queue";
import { closeSharedJudgeRate } from "@/lib/server/judge/shared-rate";
import { describeError } from "./errors";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a list holds workers of every queue
export type QueueWorker<N extends QueueName = any> = {
  worker: Worker<JobDataOf[N]>;
  active: () => number;
  done: { processed: number; failed: number };
};

type QueueWorkerSpec<N extends QueueName> = {
  concurrency: number;
  lockDuration?: number;
  maxStalledCount?: number;
  run: (job: Job<JobDataOf[N]>, token?: string) => Promise<unknown>;
  /** Retries exhausted on an error that was not final: record why on the row. */
  onGaveUp?: (job: Job<JobDataOf[N]>, err: Error) => Promise<unknown>;
};

export const isFinalFailure = (job: Job, err: Error) =>
  err.name === "UnrecoverableError" ||
  err instanceof UnrecoverableError ||
  job.attemptsMade >= (job.opts.attempts ?? 1);

export function startQueueWorker<N extends QueueName>(name: N, log: Logger, spec: QueueWorkerSpec<N>): QueueWorker<N> {
  let active = 0;
  const worker = new Worker<JobDataOf[N]>(
    name,
    async (job, token) => {
      active++;
      try {
        return await spec.run(job, token);
      } finally {
        active--;
      }
    },
    {
      connection: workerConnection(),
      prefix: env.QUEUE_PREFIX,
      concurrency: spec.concurrency,
      lockDuration: spec.lockDuration ?? env.WORKER_LOCK_DURATION_MS,
      stalledInterval: env.WORKER_STALLED_INTERVAL_MS,
      maxStalledCount: spec.maxStalledCount ?? 1,
    },
  );
  const done = { processed: 0, failed: 0 };
  worker.on("completed", () => done.processed++);
  worker.on("failed", (job, err) => {
    done.failed++;
    if (!job || !spec.onGaveUp || err.name === "UnrecoverableError" || !isFinalFailure(job, err)) return;
    void spec
      .onGaveUp(job, err)
      .catch((e: unknown) =>
        log.error({ queue: name, jobId: job.id, err: describeError(e) }, "could not record the give-up on the row"),
      );
  });
  worker.on("error", (err) => log.error({ queue: name, err: describeError(err) }, "worker error"));
  return { worker, active: () => active, done };
}

type Loop = { stop: () => Promise<void> };

export function startWorkerProcess(log: Logger, workers: QueueWorker[], loops: Loop[]): void {
  const health = env.WORKER_HEALTH_PORT > 0 ? startHealthServer(env.WORKER_HEALTH_PORT, workers, log) : null;
  let shuttingDown = false;
  async function shutdown(signal: string): Promise<void> {
    if (shuttingDown) return;
    shuttingDown = true;
    log.info({ signal }, "shutting down: letting the current job finish");
    await Promise.all(loops.map((l) => l.stop()));
    // Past the timeout the close is forced and the job's lock expires, so another worker takes it over.
    await Promise.all(workers.map((w) => w.worker.pause(true)));
    const deadline = Date.now() + env.WORKER_SHUTDOWN_TIMEOUT_MS;
    const busy = () => workers.reduce((n, w) => n + w.active(), 0);
    while (busy() > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const released = busy() > 0;
    if (released)
      log.warn(
        { timeoutMs: env.WORKER_SHUTDOWN_TIMEOUT_MS, active: busy() },
        "active job did not finish in time; releasing it",
      );
    await Promise.all(workers.map((w) => w.worker.close(released)));
    health?.close();
    // A released job still runs here: draining the pool would let it finish.
    const cleanup = Promise.all([closeQueues(), closeSharedJudgeRate(), db.$disconnect()]);
    await Promise.race([cleanup, new Promise((resolve) => setTimeout(resolve, released ? 0 : 10_000).unref())]);
    log.info({ released }, "worker stopped");
    process.exit(0);
  }
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

function startHealthServer(port: number, workers: QueueWorker[], log: Logger): http.Server {
  const server = http.createServer((req, res) => {
    if (req.method !== "GET" || !["/", "/health", "/healthz"].includes((req.url ?? "/").split("?")[0])) {
      res.writeHead(404).end();
      return;
    }
    const check = (p: Promise<unknown>) =>
      Promise.race([
        p.then(() => "ok"),
        new Promise<string>((resolve) => setTimeout(() => resolve("timeout"), 2000)),
      ]).catch((e: unknown) => `error: ${(e as Error).message}`);
    let queue: Record<string, number> | null = null;
    const redisCheck = getQueue("scoring")
      .getJobCounts("waiting", "active", "delayed", "failed")
      .then((counts) => (queue = counts));
    void Promise.all([check(db.$queryRaw`SELECT 1`), check(redisCheck)]).then(([database, redis]) => {
      const running = workers.every((w) => w.worker.isRunning());
      const ok = running && database === "ok" && redis === "ok";
      const sum = (f: (w: QueueWorker) => number) => workers.reduce((n, w) => n + f(w), 0);
      res.writeHead(ok ? 200 : 503, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          ok,
          worker: running ? "running" : "stopped",
          database,
          redis,
          queue,
          processed: sum((w) => w.done.processed),
          failed: sum((w) => w.done.failed),
          active: sum((w) => w.active()),
        }),
      );
    });
  });
  server.listen(port, () => log.info({ port }, "worker health endpoint listening"));
  return server;
}
