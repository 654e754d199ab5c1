import http from "node:http";
import type { Worker } from "bullmq";
import { db } from "@/lib/server/db";
import type { Logger } from "@/lib/server/logger";

// GET /health (or /): 200 when the worker runs and the database answers, else 503.
export function startHealthServer(port: number, worker: Worker, log: Logger, stats: { processed: number; failed: number }): http.Server {
  const server = http.createServer((req, res) => {
    if (req.method !== "GET" || !["/", "/health", "/healthz"].includes((req.url ?? "/").split("?")[0])) {
      res.writeHead(404).end();
      return;
    }
    const dbCheck = Promise.race([
      db.$queryRaw`SELECT 1`.then(() => "ok"),
      new Promise<string>((resolve) => setTimeout(() => resolve("timeout"), 2000)),
    ]).catch((e: unknown) => `error: ${(e as Error).message}`);
    void dbCheck.then((database) => {
      const running = worker.isRunning();
      const ok = running && database === "ok";
      res.writeHead(ok ? 200 : 503, { "content-type": "application/json" });
      res.end(JSON.stringify({ ok, worker: running ? "running" : "stopped", database, ...stats }));
    });
  });
  server.listen(port, () => log.info({ port }, "worker health endpoint listening"));
  return server;
}
