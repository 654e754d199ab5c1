import "server-only";
import { randomUUID } from "node:crypto";
import { env } from "../env";
import { AppError } from "../errors";
import { logger } from "../logger";
import { limitsRedis, limitsRedisReady } from "../rate-limit";
import { assertWithinQuota } from "./quota";

// Decided before reading the body; slots expire, so a crashed holder frees them.

// 1: admitted; 0: full with uploads in progress; -ms: full of back-offs, the first frees in ms.
const ACQUIRE = `
local now = tonumber(ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then
  local held = redis.call('ZRANGE', KEYS[1], 0, -1, 'WITHSCORES')
  local wait = nil
  for i = 1, #held, 2 do
    if string.sub(held[i], 1, 8) ~= 'backoff:' then return 0 end
    local left = tonumber(held[i + 1]) - now
    if wait == nil or left < wait then wait = left end
  end
  return -math.max(1, math.ceil(wait))
end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[4])
if redis.call('PTTL', KEYS[1]) < tonumber(ARGV[2]) then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 1`;
// A body that missed its deadline keeps its account slot for base * 2^(n-1) ms (n: such timeouts
// within the last hour; at most an hour), so an account that keeps re-opening slow uploads waits
// longer each time instead of holding the process's upload slots again at once.
const BACK_OFF = `
local n = redis.call('INCR', KEYS[2])
redis.call('PEXPIRE', KEYS[2], ARGV[4])
local hold = math.min(tonumber(ARGV[3]) * 2 ^ math.min(n - 1, 20), tonumber(ARGV[4]))
redis.call('ZREM', KEYS[1], ARGV[2])
redis.call('ZADD', KEYS[1], tonumber(ARGV[1]) + hold, 'backoff:' .. ARGV[2])
if redis.call('PTTL', KEYS[1]) < hold then redis.call('PEXPIRE', KEYS[1], math.ceil(hold)) end
return math.ceil(hold)`;
const BACK_OFF_WINDOW_MS = 60 * 60 * 1000;
// Uploads finish in seconds; the TTL is only the crash bound, so it is no useful Retry-After.
const RETRY_AFTER_SECONDS = 5;

const state = globalThis as unknown as { uploadsReading?: number; uploadSlotsLocal?: Map<string, number> };

/** `bodyTimedOut`: the body missed UPLOAD_BODY_TIMEOUT_MS, so the account's slot is held for a back-off. */
type UploadSlot = { release: (opts?: { bodyTimedOut?: boolean }) => Promise<void> };
type ReleaseAccount = (bodyTimedOut: boolean) => Promise<void>;

const key = (userId: string) => `${env.QUEUE_PREFIX}:uploads:in-flight:${userId}`;
const timeoutsKey = (userId: string) => `${env.QUEUE_PREFIX}:uploads:body-timeouts:${userId}`;
const uploadsInProcess = (): number => state.uploadsReading ?? 0;

/** Throws RATE_LIMITED (429) or UNAVAILABLE (503), both with Retry-After, unless the upload may be read. */
export async function acquireUploadSlot(userId: string): Promise<UploadSlot> {
  await assertWithinQuota(userId);
  if (uploadsInProcess() >= env.UPLOAD_MAX_CONCURRENT_PER_PROCESS) {
    throw new AppError("UNAVAILABLE", "The server is busy with other uploads. Retry in a few seconds.", {
      retryAfterSeconds: RETRY_AFTER_SECONDS,
    });
  }
  const releaseAccount = await acquireAccountSlot(userId);
  state.uploadsReading = uploadsInProcess() + 1;
  let released = false;
  return {
    release: async (opts) => {
      if (released) return;
      released = true;
      // The process's slot is free at once: other accounts' uploads never wait for a back-off.
      state.uploadsReading = uploadsInProcess() - 1;
      await releaseAccount(opts?.bodyTimedOut === true);
    },
  };
}

async function acquireAccountSlot(userId: string): Promise<ReleaseAccount> {
  const limit = env.UPLOAD_MAX_IN_FLIGHT_PER_ACCOUNT;
  const ttl = env.UPLOAD_SLOT_TTL_MS;
  const member = randomUUID();
  let reply: unknown = null;
  try {
    reply = await (await limitsRedisReady()).eval(ACQUIRE, 1, key(userId), Date.now(), ttl, limit, member);
  } catch (e) {
    logger.warn({ err: (e as Error).message }, "upload slots: Redis unavailable, counting in this process");
  }
  if (reply === null) return acquireLocalSlot(userId, limit);
  if (reply !== 1) throw inFlight(limit, -Number(reply));
  return async (bodyTimedOut) => {
    const redis = limitsRedis();
    const base = env.UPLOAD_BODY_TIMEOUT_MS;
    const now = Date.now();
    const freed = bodyTimedOut
      ? redis.eval(BACK_OFF, 2, key(userId), timeoutsKey(userId), now, member, base, BACK_OFF_WINDOW_MS)
      : redis.zrem(key(userId), member);
    await freed.catch((e: Error) =>
      logger.warn({ err: e.message }, "upload slot release failed; it expires by itself"),
    );
  };
}

// Redis down: counted in this process; a timed-out body's slot is held for one deadline.
function acquireLocalSlot(userId: string, limit: number): ReleaseAccount {
  const slots = (state.uploadSlotsLocal ??= new Map());
  const held = slots.get(userId) ?? 0;
  if (held >= limit) throw inFlight(limit, 0);
  slots.set(userId, held + 1);
  const free = () => {
    const now = (slots.get(userId) ?? 1) - 1;
    if (now > 0) slots.set(userId, now);
    else slots.delete(userId);
  };
  return async (bodyTimedOut) => {
    if (bodyTimedOut) setTimeout(free, env.UPLOAD_BODY_TIMEOUT_MS).unref();
    else free();
  };
}

function inFlight(limit: number, backOffMs: number): AppError {
  if (backOffMs > 0) {
    const seconds = Math.ceil(backOffMs / 1000);
    return new AppError(
      "RATE_LIMITED",
      `Your recent upload${limit === 1 ? "" : "s"} did not arrive within UPLOAD_BODY_TIMEOUT_MS, so this account's uploads wait ${seconds} s (longer after each timeout). Check the connection, then retry.`,
      { retryAfterSeconds: seconds },
    );
  }
  return new AppError(
    "RATE_LIMITED",
    `You already have ${limit} upload${limit === 1 ? "" : "s"} in progress. Wait for ${limit === 1 ? "it" : "one"} to finish, then retry.`,
    { retryAfterSeconds: RETRY_AFTER_SECONDS },
  );
}
