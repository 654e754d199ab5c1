import "server-only";
import { Redis } from "ioredis";
import { db } from "../db";
import { env } from "../env";
import { scrubSecrets } from "../logger";
import { getQueue } from "../queue";

// ok (200); degraded (200): Redis down but PostgreSQL up, so the site and uploads work; down (503): PostgreSQL unreachable.

type Check = { ok: boolean; ms: number; error?: string; [k: string]: unknown };

async function timed(fn: () => Promise<Record<string, unknown> | void>, timeoutMs = 2000): Promise<Check> {
  const start = Date.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    const extra = await Promise.race([
      fn(),
      new Promise<never>(
        (_, reject) => (timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs)),
      ),
    ]);
    return { ok: true, ms: Date.now() - start, ...(extra ?? {}) };
  } catch (e) {
    // Only the first line of the message: connection strings never leave the server.
    return {
      ok: false,
      ms: Date.now() - start,
      error: e instanceof Error ? scrubSecrets(e.message.split("\n")[0]!) : "unknown error",
    };
  } finally {
    clearTimeout(timer);
  }
}

const REDIS_DOWN = [
  {
    feature: "scoring",
    impact:
      "New submissions are accepted and stored (status QUEUED) but not scored until Redis is back; the worker's reconciler then enqueues them.",
  },
  {
    feature: "retry and rescore",
    impact: "Accepted and recorded; the jobs are enqueued by the reconciler once Redis is back.",
  },
  {
    feature: "rate limiting",
    impact: "Limits fall back to a per-process memory limiter instead of limits shared by every web instance.",
  },
  { feature: "queue monitoring", impact: "Queue depths are unavailable in /admin and /api/metrics." },
];
const DATABASE_DOWN = [
  {
    feature: "everything",
    impact: "Pages, sign-in, uploads and the API all need PostgreSQL; requests fail with 503 until it is back.",
  },
];

type HealthReport = {
  status: "ok" | "degraded" | "down";
  checkedAt: string;
  checks: { database: Check; redis: Check; queue: Check };
  affected: Array<{ feature: string; impact: string }>;
};

// At most one round of checks per second per process.
const HEALTH_CACHE_MS = 1000;
const cache = globalThis as unknown as { healthReport?: { report: Promise<HealthReport>; doneAt?: number } };

export function healthReport(): Promise<HealthReport> {
  const hit = cache.healthReport;
  if (hit && (hit.doneAt === undefined || Date.now() - hit.doneAt < HEALTH_CACHE_MS)) return hit.report;
  const entry: { report: Promise<HealthReport>; doneAt?: number } = {
    report: runChecks().finally(() => (entry.doneAt = Date.now())),
  };
  cache.healthReport = entry;
  return entry.report;
}

export function resetHealthCache(): void {
  cache.healthReport = undefined;
}

async function runChecks(): Promise<HealthReport> {
  const redisAndQueue = async (): Promise<[Check, Check]> => {
    const redis = await timed(async () => {
      const client = new Redis(env.REDIS_URL, {
        lazyConnect: true,
        maxRetriesPerRequest: 0,
        enableOfflineQueue: false,
        connectTimeout: 1500,
      });
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
    return [
      redis,
      await timed(async () => ({
        counts: await getQueue("scoring").getJobCounts("waiting", "active", "delayed", "failed", "completed"),
      })),
    ];
  };
  const [database, [redis, queue]] = await Promise.all([
    timed(async () => {
      await db.$queryRaw`SELECT 1`;
    }),
    redisAndQueue(),
  ]);
  const status: HealthReport["status"] = !database.ok ? "down" : redis.ok && queue.ok ? "ok" : "degraded";
  const affected = status === "down" ? DATABASE_DOWN : status === "degraded" ? REDIS_DOWN : [];
  return { status, checkedAt: new Date().toISOString(), checks: { database, redis, queue }, affected };
}
