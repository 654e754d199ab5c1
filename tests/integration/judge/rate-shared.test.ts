// The judge's requests-per-minute budget across worker processes: two limiters, each with its
// own Redis connection (as two worker processes would have), sharing one key, never start more
// than `rpm` requests in any sliding window together. Grants are timed by the Redis server.
import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { RequestLimiter } from "@/lib/server/judge/limiter";
import { judgeRateKey, RedisRateGate } from "@/lib/server/judge/shared-rate";
import { freePort } from "../../support/pipeline-helpers";

const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const PREFIX = `${process.env.QUEUE_PREFIX ?? "test"}-rate-${process.pid}`;
const clients: Redis[] = [];
const connect = (url = REDIS_URL) => {
  const r = new Redis(url, { maxRetriesPerRequest: 1, commandTimeout: 1_000 });
  r.on("error", () => undefined);
  clients.push(r);
  return r;
};

afterAll(async () => {
  const keys = await connect().keys(`${PREFIX}:*`);
  if (keys.length) await clients.at(-1)!.del(...keys);
  for (const c of clients) c.disconnect();
});

const RPM = 3;
const WINDOW = 1_000;

/** Two "processes" each run `perProcess` requests at once; returns the grant times (Redis clock) per process. */
async function run(keys: [string, string], perProcess: number): Promise<number[][]> {
  const grants: number[][] = [[], []];
  const limiters = keys.map(
    (k, i) =>
      new RequestLimiter(
        perProcess,
        RPM,
        undefined,
        new RedisRateGate(connect(), k, RPM, WINDOW, (t) => grants[i]!.push(t)),
      ),
  );
  await Promise.all(limiters.flatMap((l) => Array.from({ length: perProcess }, () => l.run(async () => undefined))));
  return grants;
}

/** The largest number of grants inside any window of WINDOW ms (a grant at t counts for (t - WINDOW, t]). */
function busiestWindow(times: number[]): number {
  const s = [...times].sort((a, b) => a - b);
  let best = 0;
  for (let i = 0; i < s.length; i++) best = Math.max(best, s.filter((t) => t > s[i]! - WINDOW && t <= s[i]!).length);
  return best;
}

describe("judge rate limit shared through Redis", () => {
  it("bounds the combined rate of two processes sharing one key", async () => {
    const key = judgeRateKey(PREFIX, { baseURL: `http://judge.test/${randomUUID()}/v1`, model: "m" });
    const grants = await run([key, key], 4);
    expect(grants.flat()).toHaveLength(8);
    expect(grants.every((g) => g.length === 4)).toBe(true);
    // 8 starts at 3 per window: never more than 3 together, so it took at least two more windows.
    expect(busiestWindow(grants.flat())).toBe(RPM);
    const all = grants.flat().sort((a, b) => a - b);
    expect(all.at(-1)! - all[0]!).toBeGreaterThanOrEqual(2 * WINDOW);
  });

  it("control: with separate keys (the old per-process limit) the combined rate exceeds the budget", async () => {
    const k = (i: number) => judgeRateKey(PREFIX, { baseURL: `http://judge.test/${randomUUID()}/v1`, model: `m${i}` });
    const grants = await run([k(1), k(2)], 3);
    expect(busiestWindow(grants.flat())).toBe(2 * RPM);
  });

  it("keys by judge base URL and model", () => {
    const a = judgeRateKey("p", { baseURL: "http://x/v1", model: "m" });
    expect(judgeRateKey("p", { baseURL: "http://x/v1", model: "m" })).toBe(a);
    expect(judgeRateKey("p", { baseURL: "http://y/v1", model: "m" })).not.toBe(a);
    expect(judgeRateKey("p", { baseURL: "http://x/v1", model: "n" })).not.toBe(a);
    expect(a.startsWith("p:judge-rpm:")).toBe(true);
  });

  it("falls back to the process's own sliding window when Redis does not answer", async () => {
    const dead = connect(`redis://127.0.0.1:${await freePort()}`);
    const gate = new RedisRateGate(dead, `${PREFIX}:dead`, 2, 60_000);
    await gate.acquire();
    await gate.acquire();
    // The third start would exceed 2 per minute: it waits (a minute) instead of failing or passing.
    const third = gate.acquire().then(() => "started");
    const verdict = await Promise.race([third, new Promise((r) => setTimeout(() => r("waiting"), 1_500))]);
    expect(verdict).toBe("waiting");
  });
});
