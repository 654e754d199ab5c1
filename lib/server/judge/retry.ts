import "server-only";
import { APIConnectionError, APIConnectionTimeoutError, APIError } from "openai";

// Our own loop (the openai client has maxRetries: 0) so every attempt passes the rate limiter and is counted.

export type RetryPolicy = { maxRetries: number; baseDelayMs: number; maxDelayMs: number };

const MAX_RETRY_AFTER_MS = 120_000;

type ErrorClass = { retryable: boolean; reason: string; retryAfterMs: number | null };

export function retryAfterMs(headers: Headers | undefined, now = Date.now()): number | null {
  if (!headers) return null;
  const ms = Number.parseFloat(headers.get("retry-after-ms") ?? "");
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const raw = headers.get("retry-after");
  if (!raw) return null;
  const secs = Number.parseFloat(raw);
  if (Number.isFinite(secs) && secs >= 0) return secs * 1000;
  const date = Date.parse(raw);
  return Number.isFinite(date) ? Math.max(0, date - now) : null;
}

export function classifyError(e: unknown): ErrorClass {
  if (e instanceof APIConnectionError) {
    // No "timed out"/"ECONN..." wording: the pipeline would take it for a database/Redis hiccup and retry the job.
    const reason =
      e instanceof APIConnectionTimeoutError
        ? "the judge gave no reply within JUDGE_TIMEOUT_MS"
        : `could not reach the judge server (${e.message})`;
    return { retryable: true, reason, retryAfterMs: null };
  }
  if (e instanceof APIError && typeof e.status === "number") {
    const status = e.status;
    const retryable = status === 408 || status === 409 || status === 429 || status >= 500;
    return { retryable, reason: `HTTP ${status}: ${e.message}`, retryAfterMs: retryAfterMs(e.headers) };
  }
  if (e instanceof EmptyReplyError) return { retryable: true, reason: e.message, retryAfterMs: null };
  return { retryable: false, reason: e instanceof Error ? e.message : String(e), retryAfterMs: null };
}

export class EmptyReplyError extends Error {
  constructor() {
    super("the judge returned an empty reply");
    this.name = "EmptyReplyError";
  }
}

/** Jitter so parallel batches do not retry in lockstep; waiting less than Retry-After would only earn another 429. */
export function backoffDelay(
  attempt: number,
  policy: RetryPolicy,
  retryAfter: number | null,
  random = Math.random,
): number {
  if (retryAfter !== null) return retryAfter + random() * 100;
  const cap = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
  return cap / 2 + random() * (cap / 2);
}

export class RetriesExhaustedError extends Error {
  constructor(
    readonly attempts: number,
    readonly lastReason: string,
    readonly retryable: boolean,
  ) {
    super(retryable ? `gave up after ${attempts} attempts: ${lastReason}` : `non-retryable error: ${lastReason}`);
    this.name = "RetriesExhaustedError";
  }
}

export type RetryHooks = {
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  onRetry?: (info: { attempt: number; delayMs: number; reason: string }) => void;
};

export async function withRetries<T>(
  fn: (attempt: number) => Promise<T>,
  policy: RetryPolicy,
  hooks: RetryHooks = {},
): Promise<T> {
  const sleep = hooks.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn(attempt);
    } catch (e) {
      if (e instanceof RetriesExhaustedError) throw e; // already final (e.g. the run was stopped)
      const c = classifyError(e);
      if (!c.retryable) throw new RetriesExhaustedError(attempt + 1, c.reason, false);
      if (attempt >= policy.maxRetries || (c.retryAfterMs ?? 0) > MAX_RETRY_AFTER_MS) {
        throw new RetriesExhaustedError(attempt + 1, c.reason, true);
      }
      const delayMs = backoffDelay(attempt, policy, c.retryAfterMs, hooks.random);
      hooks.onRetry?.({ attempt: attempt + 1, delayMs, reason: c.reason });
      await sleep(delayMs);
    }
  }
}
