import "server-only";
import { randomUUID } from "node:crypto";
import { env } from "../env";
import { AppError } from "../errors";
import { logger } from "../logger";
import { limitsRedis, limitsRedisReady } from "../rate-limit";
import { assertWithinQuota } from "./quota";

// Decided before reading the body; slots expire, so a crashed holder frees them.

const ACQUIRE = `
local now = tonumber(ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1`;
// Uploads finish in seconds; the TTL is only the crash bound, so it is no useful Retry-After.
const RETRY_AFTER_SECONDS = 5;

const state = globalThis as unknown as { uploadsReading?: number; uploadSlotsLocal?: Map<string, number> };

type UploadSlot = { release: () => Promise<void> };

const key = (userId: string) => `${env.QUEUE_PREFIX}:uploads:in-flight:${userId}`;
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
    release: async () => {
      if (released) return;
      released = true;
      state.uploadsReading = uploadsInProcess() - 1;
      await releaseAccount();
    },
  };
}

async function acquireAccountSlot(userId: string): Promise<() => Promise<void>> {
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
  if (reply !== 1) throw inFlight(limit);
  return async () => {
    await limitsRedis()
      .zrem(key(userId), member)
      .catch((e: Error) => logger.warn({ err: e.message }, "upload slot release failed; it expires by itself"));
  };
}

function acquireLocalSlot(userId: string, limit: number): () => Promise<void> {
  const slots = (state.uploadSlotsLocal ??= new Map());
  const held = slots.get(userId) ?? 0;
  if (held >= limit) throw inFlight(limit);
  slots.set(userId, held + 1);
  return async () => {
    const now = (slots.get(userId) ?? 1) - 1;
    if (now > 0) slots.set(userId, now);
    else slots.delete(userId);
  };
}

function inFlight(limit: number): AppError {
  return new AppError(
    "RATE_LIMITED",
    `You already have ${limit} upload${limit === 1 ? "" : "s"} in progress. Wait for ${limit === 1 ? "it" : "one"} to finish, then retry.`,
    {
      retryAfterSeconds: RETRY_AFTER_SECONDS,
    },
  );
}
