import { APIConnectionError, APIConnectionTimeoutError, APIError } from "openai";
import { describe, expect, it } from "vitest";
import {
  backoffDelay,
  classifyError,
  retryAfterMs,
  RetriesExhaustedError,
  withRetries,
} from "../../../../lib/server/judge/retry";

const apiError = (status: number, headers: Record<string, string> = {}) =>
  APIError.generate(status, { error: { message: "x" } }, undefined, new Headers(headers));

describe("retryAfterMs", () => {
  it("reads retry-after-ms, seconds and HTTP dates", () => {
    expect(retryAfterMs(new Headers({ "retry-after-ms": "250" }))).toBe(250);
    expect(retryAfterMs(new Headers({ "retry-after": "2" }))).toBe(2000);
    const now = Date.parse("2026-11-29T12:00:00Z");
    expect(retryAfterMs(new Headers({ "retry-after": "Sun, 29 Nov 2026 12:00:05 GMT" }), now)).toBe(5000);
    expect(retryAfterMs(new Headers({ "retry-after": "soon" }))).toBeNull();
    expect(retryAfterMs(undefined)).toBeNull();
  });
});

describe("classifyError", () => {
  it("retries 429, 408, 409, 5xx, timeouts and connection errors, not other 4xx", () => {
    for (const s of [408, 409, 429, 500, 502, 503]) expect(classifyError(apiError(s)).retryable).toBe(true);
    for (const s of [400, 401, 403, 404, 422]) expect(classifyError(apiError(s)).retryable).toBe(false);
    expect(classifyError(new APIConnectionTimeoutError()).retryable).toBe(true);
    expect(classifyError(new APIConnectionError({ message: "refused" })).retryable).toBe(true);
    expect(classifyError(new TypeError("bug")).retryable).toBe(false);
    expect(classifyError(apiError(429, { "retry-after": "3" })).retryAfterMs).toBe(3000);
  });
});

describe("backoffDelay", () => {
  const policy = { maxRetries: 5, baseDelayMs: 1000, maxDelayMs: 8000 };
  it("grows exponentially with equal jitter and a cap", () => {
    expect(backoffDelay(0, policy, null, () => 0)).toBe(500);
    expect(backoffDelay(0, policy, null, () => 1)).toBe(1000);
    expect(backoffDelay(2, policy, null, () => 0)).toBe(2000);
    expect(backoffDelay(10, policy, null, () => 1)).toBe(8000);
  });
  it("waits at least Retry-After", () => {
    expect(backoffDelay(0, policy, 5000, () => 0)).toBe(5000);
    expect(backoffDelay(0, policy, 5000, () => 1)).toBe(5100);
  });
});

describe("withRetries", () => {
  const policy = { maxRetries: 2, baseDelayMs: 10, maxDelayMs: 10 };
  const noSleep = { sleep: async () => undefined };

  it("retries transient errors until success", async () => {
    let n = 0;
    const out = await withRetries(
      async () => {
        if (n++ < 2) throw apiError(503);
        return "ok";
      },
      policy,
      noSleep,
    );
    expect([out, n]).toEqual(["ok", 3]);
  });

  it("gives up after maxRetries and reports the last reason", async () => {
    let n = 0;
    const err = await withRetries(
      async () => {
        n++;
        throw apiError(500);
      },
      policy,
      noSleep,
    ).catch((e) => e);
    expect(err).toBeInstanceOf(RetriesExhaustedError);
    expect(err).toMatchObject({ attempts: 3, retryable: true });
    expect(n).toBe(3);
  });

  it("does not retry a non-retryable error", async () => {
    let n = 0;
    const err = await withRetries(
      async () => {
        n++;
        throw apiError(401);
      },
      policy,
      noSleep,
    ).catch((e) => e);
    expect(err).toMatchObject({ attempts: 1, retryable: false });
    expect(n).toBe(1);
  });

  it("sleeps for the server's Retry-After", async () => {
    const slept: number[] = [];
    let n = 0;
    await withRetries(
      async () => {
        if (n++ === 0) throw apiError(429, { "retry-after": "1" });
        return 1;
      },
      policy,
      { sleep: async (ms) => void slept.push(ms), random: () => 0 },
    );
    expect(slept).toEqual([1000]);
  });
});
