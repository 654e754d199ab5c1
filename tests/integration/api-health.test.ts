import { afterEach, describe, expect, it } from "vitest";
import * as health from "@/app/api/health/route";
import { resetEnvCache } from "@/lib/server/env";

// /api/health reports each dependency and answers 503 when one is down (for load balancers).

const realRedis = process.env.REDIS_URL;
afterEach(() => {
  process.env.REDIS_URL = realRedis;
  resetEnvCache();
});

describe("GET /api/health", () => {
  it("is 200 with database, redis and queue counts when all are up", async () => {
    const res = await health.GET();
    expect(res.status).toBe(200);
    const body = (await res.json()) as { status: string; checks: Record<string, { ok: boolean; counts?: Record<string, number> }> };
    expect(body.status).toBe("ok");
    expect(body.checks.database!.ok).toBe(true);
    expect(body.checks.redis!.ok).toBe(true);
    expect(body.checks.queue!.counts).toMatchObject({ waiting: expect.any(Number), active: expect.any(Number), failed: expect.any(Number) });
  });

  it("is 503 naming the failed dependency, without leaking the connection string", async () => {
    process.env.REDIS_URL = "redis://user:secret@127.0.0.1:1";
    resetEnvCache();
    const res = await health.GET();
    expect(res.status).toBe(503);
    const text = await res.text();
    expect(text).not.toContain("secret");
    const body = JSON.parse(text) as { status: string; checks: Record<string, { ok: boolean; error?: string }> };
    expect(body.status).toBe("degraded");
    expect(body.checks.redis).toMatchObject({ ok: false, error: expect.any(String) });
    expect(body.checks.database!.ok).toBe(true);
  });
});
