import http from "node:http";
import type { Worker } from "bullmq";
import { db } from "@/lib/server/db";
import type { Logger } from "@/lib/server/logger";
import { getScoringQueue } from "@/lib/server/queue";

// GET /health (or /): 200 when the worker runs and both the database and Redis answer, else 503.
export function startHealthServer(
  port: number,
  worker: Worker,
  log: Logger,
  stats: { processed: number; failed: number; active: number },
): http.Server {
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
    const redisCheck = getScoringQueue()
      .getJobCounts("waiting", "active", "delayed", "failed")
      .then((counts) => (queue = counts));
    void Promise.all([check(db.$queryRaw`SELECT 1`), check(redisCheck)]).then(([database, redis]) => {
      const running = worker.isRunning();
      const ok = running && database === "ok" && redis === "ok";
      res.writeHead(ok ? 200 : 503, { "content-type": "application/json" });
      res.end(JSON.stringify({ ok, worker: running ? "running" : "stopped", database, redis, queue, ...stats }));
    });
  });
  server.listen(port, () => log.info({ port }, "worker health endpoint listening"));
  return server;
}
