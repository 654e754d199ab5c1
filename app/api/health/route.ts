import { Redis } from "ioredis";
import { db } from "@/lib/server/db";
import { env } from "@/lib/server/env";
import { json } from "@/lib/server/http";
import { getScoringQueue } from "@/lib/server/queue";

export const dynamic = "force-dynamic";

type Check = { ok: boolean; ms: number; error?: string; [k: string]: unknown };

async function timed(fn: () => Promise<Record<string, unknown> | void>, timeoutMs = 2000): Promise<Check> {
  const start = Date.now();
  try {
    const extra = await Promise.race([
      fn(),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs)),
    ]);
    return { ok: true, ms: Date.now() - start, ...(extra ?? {}) };
  } catch (e) {
    // Only the error class/message: connection strings never leave the server.
    return { ok: false, ms: Date.now() - start, error: e instanceof Error ? e.message.split("\n")[0]!.replace(/\/\/[^@\s]*@/g, "//***@") : "unknown error" };
  }
}

export async function GET(): Promise<Response> {
  const [database, redis, queue] = await Promise.all([
    timed(async () => {
      await db.$queryRaw`SELECT 1`;
    }),
    timed(async () => {
      const client = new Redis(env.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, enableOfflineQueue: false, connectTimeout: 1500 });
      client.on("error", () => undefined);
      try {
        await client.connect();
        return { pong: await client.ping() };
      } finally {
        client.disconnect();
      }
    }),
    timed(async () => ({ counts: await getScoringQueue().getJobCounts("waiting", "active", "delayed", "failed", "completed") })),
  ]);
  const ok = database.ok && redis.ok && queue.ok;
  return json({ status: ok ? "ok" : "degraded", checks: { database, redis, queue } }, { status: ok ? 200 : 503 });
}
