import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "@/lib/server/env";
import { consume } from "@/lib/server/rate-limit";

// With Redis unreachable the limiter must neither fail open nor refuse everyone: the
// per-process memory limiter takes over with the same limits.

const realRedis = process.env.REDIS_URL;
const clearLimiterCache = () => {
  const g = globalThis as { rlRedis?: { disconnect: () => void }; rlLimiters?: unknown };
  g.rlRedis?.disconnect();
  delete g.rlRedis;
  delete g.rlLimiters;
};

beforeAll(() => {
  process.env.REDIS_URL = "redis://127.0.0.1:1";
  resetEnvCache();
  clearLimiterCache();
});
afterAll(() => {
  clearLimiterCache();
  process.env.REDIS_URL = realRedis;
  resetEnvCache();
});

describe("rate limiter without Redis", () => {
  it("still allows up to the limit, then refuses with a Retry-After", async () => {
    const key = `fallback-${Date.now()}@x.local`;
    for (let i = 0; i < 10; i++) await consume("signin-account-ip", key);
    const err = await consume("signin-account-ip", key).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toMatchObject({ code: "RATE_LIMITED" });
    expect((err as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(0);
    // Other keys are unaffected.
    await expect(consume("signin-account-ip", `other-${key}`)).resolves.toBeUndefined();
  });
});
