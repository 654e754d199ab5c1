import { Redis } from "ioredis";
import { db } from "@/lib/server/db";
import { env } from "@/lib/server/env";
import { json, route } from "@/lib/server/http";
import { scrubSecrets } from "@/lib/server/logger";
import { getScoringQueue } from "@/lib/server/queue";

export const dynamic = "force-dynamic";

// ok (200): everything answers. degraded (200): Redis is down, but PostgreSQL (the source of
// truth) is up, so the site, sign-in and uploads work: a submission is stored QUEUED and the
// worker's reconciler enqueues it once Redis is back; `affected` says what waits meanwhile.
// down (503): PostgreSQL is unreachable and nothing works; a load balancer should stop routing here.

type Check = { ok: boolean; ms: number; error?: string; [k: string]: unknown };

async function timed(fn: () => Promise<Record<string, unknown> | void>, timeoutMs = 2000): Promise<Check> {
  const start = Date.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    const extra = await Promise.race([
      fn(),
      new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs))),
    ]);
    return { ok: true, ms: Date.now() - start, ...(extra ?? {}) };
  } catch (e) {
    // Only the first line of the message: connection strings never leave the server.
    return { ok: false, ms: Date.now() - start, error: e instanceof Error ? scrubSecrets(e.message.split("\n")[0]!) : "unknown error" };
  } finally {
    clearTimeout(timer);
  }
}

const REDIS_DOWN = [
  { feature: "scoring", impact: "New submissions are accepted and stored (status QUEUED) but not scored until Redis is back; the worker's reconciler then enqueues them." },
  { feature: "retry and rescore", impact: "Accepted and recorded; the jobs are enqueued by the reconciler once Redis is back." },
  { feature: "rate limiting", impact: "Limits fall back to a per-process memory limiter instead of limits shared by every web instance." },
  { feature: "queue monitoring", impact: "Queue depths are unavailable in /admin and /api/metrics." },
];
const DATABASE_DOWN = [{ feature: "everything", impact: "Pages, sign-in, uploads and the API all need PostgreSQL; requests fail with 503 until it is back." }];

export const GET = route(async () => {
  const redisAndQueue = async (): Promise<[Check, Check]> => {
    const redis = await timed(async () => {
      const client = new Redis(env.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, enableOfflineQueue: false, connectTimeout: 1500 });
      client.on("error", () => undefined);
      try {
        await client.connect();
        return { pong: await client.ping() };
      } finally {
        client.disconnect();
      }
    });
    // With Redis down the queue call would only wait for its timeout: answer at once.
    if (!redis.ok) return [redis, { ok: false, ms: 0, error: "skipped: Redis is unreachable" }];
    return [redis, await timed(async () => ({ counts: await getScoringQueue().getJobCounts("waiting", "active", "delayed", "failed", "completed") }))];
  };
  const [database, [redis, queue]] = await Promise.all([
    timed(async () => {
      await db.$queryRaw`SELECT 1`;
    }),
    redisAndQueue(),
  ]);
  const status = !database.ok ? "down" : redis.ok && queue.ok ? "ok" : "degraded";
  const affected = status === "down" ? DATABASE_DOWN : status === "degraded" ? REDIS_DOWN : [];
  return json({ status, checks: { database, redis, queue }, affected }, { status: status === "down" ? 503 : 200 });
});
