import "server-only";
import { createHash, randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { env } from "../env";
import { logger } from "../logger";
import type { JudgeConfig } from "./config";
import { LocalRateGate, RequestLimiter, type RateGate } from "./limiter";

// A sliding-window log, since fixed windows would let twice the budget through; Redis down: the per-process window.

const SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local window = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
if redis.call('ZCARD', KEYS[1]) < tonumber(ARGV[1]) then
  redis.call('ZADD', KEYS[1], now, ARGV[3])
  redis.call('PEXPIRE', KEYS[1], window)
  return {1, now}
end
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
return {0, tonumber(oldest[2]) + window - now}`;

type ScriptRedis = Redis & {
  judgeRateAcquire: (key: string, rpm: number, windowMs: number, member: string) => Promise<[number, number]>;
};

function withRateScript(redis: Redis): ScriptRedis {
  const r = redis as ScriptRedis;
  if (typeof r.judgeRateAcquire !== "function") r.defineCommand("judgeRateAcquire", { numberOfKeys: 1, lua: SCRIPT });
  return r;
}

export function judgeRateKey(prefix: string, c: Pick<JudgeConfig, "baseURL" | "model">): string {
  return `${prefix}:judge-rpm:${createHash("sha256").update(`${c.baseURL}|${c.model}`).digest("hex").slice(0, 16)}`;
}

type GrantListener = (serverTimeMs: number) => void;

export class RedisRateGate implements RateGate {
  private readonly redis: ScriptRedis;
  private readonly fallback: LocalRateGate;
  private readonly id = randomUUID();
  private seq = 0;
  private warnedAt = 0;

  constructor(
    redis: Redis,
    readonly key: string,
    readonly rpm: number,
    readonly windowMs = 60_000,
    private onGrant?: GrantListener,
  ) {
    if (rpm < 1) throw new RangeError("rpm must be at least 1");
    this.redis = withRateScript(redis);
    this.fallback = new LocalRateGate(rpm, undefined, windowMs);
  }

  async acquire(): Promise<void> {
    for (;;) {
      let reply: [number, number];
      try {
        reply = await this.redis.judgeRateAcquire(this.key, this.rpm, this.windowMs, `${this.id}:${this.seq++}`);
      } catch (e) {
        this.warn(e);
        return this.fallback.acquire();
      }
      const [granted, value] = reply;
      if (granted === 1) {
        this.onGrant?.(value);
        return;
      }
      // Waiters of several processes wake together; a little jitter spreads their retries.
      await new Promise((r) => setTimeout(r, Math.max(1, value) + Math.floor(Math.random() * 20)));
    }
  }

  private warn(e: unknown): void {
    if (Date.now() - this.warnedAt < 60_000) return;
    this.warnedAt = Date.now();
    logger.warn(
      { err: (e as Error).message, key: this.key },
      "judge rate limit: Redis unavailable, using this process's own limit until it answers",
    );
  }
}

let shared: Redis | undefined;
function sharedRedis(): Redis {
  shared ??= new Redis(env.REDIS_URL, { maxRetriesPerRequest: 1, commandTimeout: 1_000 });
  if (shared.listenerCount("error") === 0) shared.on("error", () => undefined);
  return shared;
}

const limiters = new Map<string, RequestLimiter>();

/** So a script that judged in-process (the seed) can exit. */
export async function closeSharedJudgeRate(): Promise<void> {
  const r = shared;
  shared = undefined;
  limiters.clear();
  if (r) await r.quit().catch(() => r.disconnect());
}

/** Concurrency per process, RPM shared through Redis. */
export function judgeLimiterFor(c: JudgeConfig): RequestLimiter {
  const key = `${c.baseURL}|${c.model}|${c.concurrency}|${c.rpm}`;
  let l = limiters.get(key);
  if (!l) {
    const gate = new RedisRateGate(sharedRedis(), judgeRateKey(env.QUEUE_PREFIX, c), c.rpm);
    limiters.set(key, (l = new RequestLimiter(c.concurrency, c.rpm, undefined, gate)));
  }
  return l;
}
