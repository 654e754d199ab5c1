import "server-only";
import { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { env } from "./env";
import { AppError } from "./errors";

// Limits live in Redis so every web instance shares them; with Redis down a per-process limiter takes over rather than failing open.

type LimiterName =
  | "signin-ip"
  | "signin-account-ip"
  | "signin-account"
  | "api-ip"
  | "signup-ip"
  | "signup-email"
  | "retry-account"
  | "webhook-test"
  | "webhook-create"
  | "gold-report";

const LIMITS: Record<LimiterName, { points: number; duration: number; blockDuration?: number }> = {
  "signin-ip": { points: 60, duration: 15 * 60 },
  // Failed attempts against one account (from one address / from anywhere: guessing spread over many).
  "signin-account-ip": { points: 10, duration: 15 * 60, blockDuration: 15 * 60 },
  "signin-account": { points: 100, duration: 15 * 60, blockDuration: 15 * 60 },
  "api-ip": { points: 600, duration: 60 },
  "signup-ip": { points: 10, duration: 60 * 60 },
  // Mails to one address, so the form cannot flood an inbox.
  "signup-email": { points: 3, duration: 60 * 60 },
  // Each retry re-runs scoring and the judge.
  "retry-account": { points: 10, duration: 60 * 60 },
  // Per account, whatever the endpoint: ids are cheap to make.
  "webhook-test": { points: 5, duration: 60 * 60 },
  // Each registration resolves a host name; delete-and-add would otherwise evade the endpoint cap.
  "webhook-create": { points: 20, duration: 60 * 60 },
  // Reports of gold answers per account: each lands in an admin's triage queue.
  "gold-report": { points: 20, duration: 60 * 60 },
};

const globalForRl = globalThis as unknown as { rlRedis?: Redis; rlLimiters?: Map<LimiterName, RateLimiterAbstract> };

/** The limits' Redis connection (fails fast; shared by upload slots). */
export function limitsRedis(): Redis {
  if (!globalForRl.rlRedis) {
    globalForRl.rlRedis = new Redis(env.REDIS_URL, {
      // Fail fast (even on a frozen Redis) so the insurance limiter answers instead.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      commandTimeout: 1_000,
    });
    globalForRl.rlRedis.on("error", () => {
      /* reported by /api/health; the memory limiter covers the outage */
    });
  }
  return globalForRl.rlRedis;
}

/** The connection once open: commands fail at once while connecting (no offline queue). */
export async function limitsRedisReady(waitMs = 1000): Promise<Redis> {
  const client = limitsRedis();
  if (client.status !== "connecting" && client.status !== "connect") return client;
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      client.off("ready", done);
      resolve();
    };
    const timer = setTimeout(done, waitMs);
    client.once("ready", done);
  });
  return client;
}

function limiter(name: LimiterName): RateLimiterAbstract {
  globalForRl.rlLimiters ??= new Map();
  let l = globalForRl.rlLimiters.get(name);
  if (!l) {
    const opts = LIMITS[name];
    l = new RateLimiterRedis({
      storeClient: limitsRedis(),
      keyPrefix: `${env.QUEUE_PREFIX}:rl:${name}`,
      rejectIfRedisNotReady: true,
      insuranceLimiter: new RateLimiterMemory({ keyPrefix: `mem:${name}`, ...opts }),
      ...opts,
    });
    globalForRl.rlLimiters.set(name, l);
  }
  return l;
}

function rateLimited(res: RateLimiterRes): AppError {
  const retry = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
  return new AppError("RATE_LIMITED", `Too many attempts. Try again in ${retry} seconds.`, {
    retryAfterSeconds: retry,
  });
}

export async function consume(name: LimiterName, key: string, points = 1): Promise<void> {
  await limitsRedisReady();
  try {
    await limiter(name).consume(key, points);
  } catch (e) {
    throw e instanceof RateLimiterRes ? rateLimited(e) : e;
  }
}

export async function refund(name: LimiterName, key: string): Promise<void> {
  await limiter(name)
    .reward(key, 1)
    .catch(() => undefined);
}

export async function resetLimit(name: LimiterName, key: string): Promise<void> {
  await limiter(name)
    .delete(key)
    .catch(() => undefined);
}

/** Proxies append to X-Forwarded-For, so the client is the entry TRUSTED_PROXY_HOPS from the right. */
export function clientIp(headers: Headers, hops: number = env.TRUSTED_PROXY_HOPS): string {
  const parts = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length) return parts[Math.max(0, parts.length - hops)]!;
  return headers.get("x-real-ip") ?? "unknown";
}
