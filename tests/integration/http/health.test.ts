// /api/health: "ok" (200) when everything answers; "degraded" (200) when Redis is down, naming
// what waits meanwhile, while uploads are still accepted (stored QUEUED for the reconciler);
// "down" (503) when PostgreSQL is unreachable. Outages are a URL pointing at a closed port.
// Anyone gets the status; the checks only with the monitoring token (METRICS_TOKEN). Answers
// come from a one-second cache.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as health from "@/app/api/health/route";
import * as submissions from "@/app/api/v1/submissions/route";
import { db } from "@/lib/server/db";
import { resetHealthCache } from "@/lib/server/metrics/health";
import { ctx, fixtureBlob, req, userWithToken } from "../../support/api-helpers";
import { useDatabase } from "../../support/metrics-helpers";
import { freePort, setEnv } from "../../support/pipeline-helpers";

type Health = {
  status: string;
  checkedAt: string;
  checks: Record<string, { ok: boolean; error?: string; counts?: Record<string, number> }>;
  affected: Array<{ feature: string; impact: string }>;
};

const real = {
  REDIS_URL: process.env.REDIS_URL,
  DATABASE_URL: process.env.DATABASE_URL!,
  ENQUEUE_TIMEOUT_MS: process.env.ENQUEUE_TIMEOUT_MS,
  METRICS_TOKEN: process.env.METRICS_TOKEN,
};
const MONITOR = "health-monitor-token-0123456789";
// The rate limiter's lazy Redis connection (kept on globalThis by lib/server/rate-limit.ts).
const holder = globalThis as unknown as { rlRedis?: { disconnect: () => void }; rlLimiters?: unknown };
const userIds: string[] = [];

function freshRateLimiter(): void {
  holder.rlRedis?.disconnect();
  holder.rlRedis = undefined;
  holder.rlLimiters = undefined;
}

const check = async (opts: { token?: string | null; cached?: boolean } = {}) => {
  if (!opts.cached) resetHealthCache();
  const token = opts.token === undefined ? MONITOR : opts.token;
  const res = await health.GET(
    req("/api/health", token ? { headers: { authorization: `Bearer ${token}` } } : {}),
    ctx({}),
  );
  const text = await res.text();
  return { res, text, body: JSON.parse(text) as Health };
};

// The first query opens the pool, which can take longer than a check's 2 s under load.
beforeAll(async () => {
  await db.$queryRaw`SELECT 1`;
});
beforeEach(async () => {
  await setEnv({ METRICS_TOKEN: MONITOR });
});
afterEach(async () => {
  await setEnv(real);
  freshRateLimiter();
  resetHealthCache();
});
afterAll(async () => {
  await db.user.deleteMany({ where: { id: { in: userIds } } });
});

describe("GET /api/health", () => {
  it("is 200 ok with database, redis and queue counts when all are up", async () => {
    const { res, body, text } = await check();
    expect(res.status, text).toBe(200);
    expect(body.status).toBe("ok");
    expect(body.affected).toEqual([]);
    expect(body.checks.database!.ok).toBe(true);
    expect(body.checks.redis!.ok).toBe(true);
    expect(body.checks.queue!.counts).toMatchObject({
      waiting: expect.any(Number),
      active: expect.any(Number),
      failed: expect.any(Number),
    });
    expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("is 200 degraded with Redis down, names the affected features, and uploads are still accepted", async () => {
    await setEnv({ REDIS_URL: `redis://user:secret@127.0.0.1:${await freePort()}`, ENQUEUE_TIMEOUT_MS: "500" });
    freshRateLimiter();
    const { res, text, body } = await check();
    expect(res.status).toBe(200);
    expect(text).not.toContain("secret");
    expect(body.status).toBe("degraded");
    expect(body.checks.redis).toMatchObject({ ok: false, error: expect.any(String) });
    expect(body.checks.database!.ok).toBe(true);
    expect(body.affected.map((a) => a.feature)).toEqual(expect.arrayContaining(["scoring", "rate limiting"]));

    // The claim in `affected`: an upload through the API is accepted and stored QUEUED.
    const author = await userWithToken("health-redis-down", "SUBMITTER");
    userIds.push(author.id);
    const form = new FormData();
    form.set("methodName", "uploaded while Redis is down");
    const stamp = `health-${Date.now()}`;
    form.set("dyadic", fixtureBlob("good/prediction_dyadic.json", stamp), "prediction_dyadic.json");
    form.set("multiparty", fixtureBlob("good/prediction_multiparty.json", stamp), "prediction_multiparty.json");
    const up = await submissions.POST(
      req("/api/v1/submissions", { method: "POST", body: form, token: author.token }),
      ctx({}),
    );
    expect(up.status, await up.clone().text()).toBe(202);
    const { id } = (await up.json()) as { id: string };
    expect(await db.submission.findUniqueOrThrow({ where: { id }, select: { status: true } })).toEqual({
      status: "QUEUED",
    });
    expect(await db.prediction.count({ where: { submissionId: id } })).toBeGreaterThan(0);
  });

  it("is 503 down when PostgreSQL is unreachable, without leaking the connection string", async () => {
    await useDatabase(`postgresql://postgres:pg-secret@127.0.0.1:${await freePort()}/nowhere`);
    try {
      const { res, text, body } = await check();
      expect(res.status).toBe(503);
      expect(text).not.toContain("pg-secret");
      expect(body.status).toBe("down");
      expect(body.checks.database).toMatchObject({ ok: false, error: expect.any(String) });
      expect(body.checks.redis!.ok).toBe(true);
      expect(body.affected.map((a) => a.feature)).toEqual(["everything"]);
    } finally {
      await useDatabase(real.DATABASE_URL);
    }
  });

  it("gives only the status without the monitoring token (or with another one)", async () => {
    for (const token of [null, "not-the-monitoring-token"]) {
      const { res, body } = await check({ token });
      expect(res.status).toBe(200);
      expect(body).toEqual({ status: "ok" });
    }
    await setEnv({ METRICS_TOKEN: undefined });
    expect((await check({ token: MONITOR })).body).toEqual({ status: "ok" });
  });

  it("answers from one round of checks per second, shared by concurrent callers", async () => {
    const first = await check();
    const burst = await Promise.all(Array.from({ length: 20 }, () => check({ cached: true })));
    expect(new Set(burst.map((b) => b.body.checkedAt))).toEqual(new Set([first.body.checkedAt]));
    // Redis goes away: within the second the cached answer stands; after it, the checks run again.
    await setEnv({ REDIS_URL: `redis://127.0.0.1:${await freePort()}` });
    expect((await check({ cached: true })).body.status).toBe("ok");
    await new Promise((r) => setTimeout(r, 1100));
    const later = await check({ cached: true });
    expect(later.body.status).toBe("degraded");
    expect(later.body.checkedAt).not.toBe(first.body.checkedAt);
  });
});
