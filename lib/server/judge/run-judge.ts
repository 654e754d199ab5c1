import "server-only";
import { buildJudgeBatches, parseJudgeReply, renderJudgePrompt, replyCharLimit, type JudgeBatch, type JudgedItem, type JudgeItem, type MethodInfo } from "@/lib/scoring";
import { judgeCacheKey, type JudgeCacheStore } from "./cache";
import type { JudgeCallResult, JudgeTransport } from "./client";
import type { JudgeConfig } from "./config";
import { RequestLimiter } from "./limiter";
import { RetriesExhaustedError, withRetries, type RetryHooks, type RetryPolicy } from "./retry";
import type { JudgeCallRecord, JudgeUsage } from "./types";

// Judges a list of questions: cache first, then batched calls through the limiter with our
// retry loop. Items missing from a reply (or a reply with no readable array) are re-asked in a
// smaller batch, then one by one. A request that still fails after its retries stops the run:
// the service is down or misconfigured, and hammering it with the remaining batches would only
// burn quota; the caller reports the unjudged questions and a later retry resumes via the cache.

export type JudgeOutcome =
  | { id: string; status: "judged"; score: number; reasoning: string; cacheKey: string; cached: boolean }
  | { id: string; status: "failed"; reason: string };

// The stage (workers/processors/judge.ts) takes the usage type from here with the run.
export type { JudgeUsage };

export type JudgeRunResult = { outcomes: Map<string, JudgeOutcome>; usage: JudgeUsage; stopReason: string | null };

export type JudgeRunInput = {
  items: JudgeItem[];
  config: JudgeConfig;
  transport: JudgeTransport;
  cache: JudgeCacheStore;
  method?: MethodInfo;
  limiter?: RequestLimiter;
  retryPolicy?: Partial<RetryPolicy>;
  retryHooks?: RetryHooks;
  /** Called with each settled group of outcomes (persist them: this is what makes a run resumable). */
  onOutcomes?: (outcomes: JudgeOutcome[]) => Promise<void>;
  /** Called after every request (success or error) with its raw reply and usage. */
  onCall?: (call: JudgeCallRecord) => void;
  /** Skip the cache lookup (the agreement check re-judges on purpose). */
  bypassCache?: boolean;
};

const DEFER = Symbol("defer");

/**
 * Circuit breaker: after a transient failure only requests already being retried go out;
 * fresh batches wait until one succeeds (or the run stops). An outage or a 429 then costs
 * concurrency x (retries + 1) calls at most, not one failing call per remaining batch.
 */
class Breaker {
  private gate: { promise: Promise<void>; open: () => void } | null = null;
  isOpen(): boolean {
    return this.gate !== null;
  }
  trip(): void {
    if (this.gate) return;
    let open!: () => void;
    const promise = new Promise<void>((r) => (open = r));
    this.gate = { promise, open };
  }
  reset(): void {
    const g = this.gate;
    this.gate = null;
    g?.open();
  }
  async wait(): Promise<void> {
    while (this.gate) await this.gate.promise;
  }
}

const truncatedReason = (maxTokens: number) => `reply cut off at max_tokens (${maxTokens}, finish_reason "length")`;

/** Batch sizes for the first ask and the re-asks: full, a quarter, then one by one. */
export function askSizes(batchSize: number): number[] {
  const quarter = Math.max(1, Math.ceil(batchSize / 4));
  return quarter > 1 ? [batchSize, quarter, 1] : [batchSize, 1];
}

export async function judgeQuestions(input: JudgeRunInput): Promise<JudgeRunResult> {
  const started = Date.now();
  const { config } = input;
  const usage: JudgeUsage = { calls: 0, retries: 0, reasks: 0, cacheHits: 0, promptTokens: 0, completionTokens: 0, wallMs: 0 };
  const outcomes = new Map<string, JudgeOutcome>();
  const limiter = input.limiter ?? new RequestLimiter(config.concurrency, config.rpm);
  const policy: RetryPolicy = { maxRetries: config.maxRetries, baseDelayMs: 1000, maxDelayMs: 30_000, ...input.retryPolicy };
  const sizes = askSizes(config.batchSize);
  const byId = new Map(input.items.map((i) => [i.id, i]));
  const keyOf = new Map(
    input.items.map((i) => [i.id, judgeCacheKey({ model: config.model, promptVersion: config.prompt.version, question: i.question, reference: i.reference, answer: i.answer })]),
  );
  let stopReason: string | null = null;
  const breaker = new Breaker();

  // Persisting is serialised so concurrent batches never interleave writes.
  let writes: Promise<void> = Promise.resolve();
  const settle = (list: JudgeOutcome[]): Promise<void> => {
    for (const o of list) outcomes.set(o.id, o);
    if (!input.onOutcomes || list.length === 0) return writes;
    writes = writes.then(() => input.onOutcomes!(list));
    return writes;
  };

  const hits = input.bypassCache ? new Map() : await input.cache.getMany([...new Set(keyOf.values())]);
  const cached: JudgeOutcome[] = [];
  const todo: JudgeItem[] = [];
  for (const item of input.items) {
    const key = keyOf.get(item.id)!;
    const hit = hits.get(key);
    if (hit) cached.push({ id: item.id, status: "judged", score: hit.score, reasoning: hit.reasoning, cacheKey: key, cached: true });
    else todo.push(item);
  }
  usage.cacheHits = cached.length;
  await settle(cached);

  const failAll = (batch: JudgeBatch, reason: string) => settle(batch.items.map((i) => ({ id: i.id, status: "failed", reason })));

  async function timedCall(prompt: string, batch: JudgeBatch, attempt: number, level: number) {
    const t0 = Date.now();
    const base = { questionIds: batch.items.map((i) => i.id), attempt, level };
    try {
      const r = await input.transport(prompt);
      // A cut-off reply was paid for and is kept, but it is a failed call, not an answer.
      const error = r.truncated ? truncatedReason(config.maxTokens) : null;
      input.onCall?.({ ...base, ok: !r.truncated, error, rawReply: r.text, promptTokens: r.promptTokens, completionTokens: r.completionTokens, latencyMs: Date.now() - t0 });
      return r;
    } catch (e) {
      const error = e instanceof Error ? e.message : String(e);
      input.onCall?.({ ...base, ok: false, error, rawReply: null, promptTokens: 0, completionTokens: 0, latencyMs: Date.now() - t0 });
      throw e;
    }
  }

  async function ask(batch: JudgeBatch, level: number): Promise<void> {
    if (stopReason) return failAll(batch, `not asked: ${stopReason}`);
    const prompt = renderJudgePrompt(config.prompt.text, batch.header, batch.items);
    let reply: JudgeCallResult;
    try {
      reply = await withRetries(
        async (attempt) => {
          for (;;) {
            if (attempt === 0) await breaker.wait();
            const r = await limiter.run(async () => {
              if (stopReason) throw new RetriesExhaustedError(0, stopReason, false);
              if (attempt === 0 && breaker.isOpen()) return DEFER; // give the slot back, wait outside
              usage.calls++;
              return timedCall(prompt, batch, attempt, level);
            });
            if (r !== DEFER) return r;
          }
        },
        policy,
        { ...input.retryHooks, onRetry: (info) => (usage.retries++, breaker.trip(), input.retryHooks?.onRetry?.(info)) },
      );
      breaker.reset();
      usage.promptTokens += reply.promptTokens;
      usage.completionTokens += reply.completionTokens;
    } catch (e) {
      if (e instanceof RetriesExhaustedError && e.attempts === 0) return failAll(batch, `not asked: ${e.lastReason}`);
      const reason = e instanceof Error ? e.message : String(e);
      stopReason ??= reason;
      breaker.reset(); // release the waiting batches: they see stopReason and fail unasked
      return failAll(batch, reason);
    }
    const ids = batch.items.map((i) => i.id);
    // A reply cut off at max_tokens is not parsed (its last items may be half-written): the
    // whole batch goes down the re-ask path, where smaller batches fit the budget.
    const parsed = reply.truncated ? { results: new Map<string, JudgedItem>(), missing: ids, error: truncatedReason(config.maxTokens) } : parseJudgeReply(reply.text, ids, { maxChars: replyCharLimit(config.maxTokens) });
    const judged: JudgeOutcome[] = [...parsed.results].map(([id, r]) => ({
      id,
      status: "judged",
      score: r.score,
      reasoning: r.reasoning,
      cacheKey: keyOf.get(id)!,
      cached: false,
    }));
    await settle(judged);
    if (parsed.missing.length === 0) return;
    const why = parsed.error ?? "missing from the judge's reply";
    if (level + 1 >= sizes.length) {
      await settle(parsed.missing.map((id) => ({ id, status: "failed", reason: `${why} after ${sizes.length} asks` })));
      return;
    }
    usage.reasks += parsed.missing.length;
    const again = buildJudgeBatches(
      parsed.missing.map((id) => byId.get(id)!),
      { batchSize: Math.min(sizes[level + 1], parsed.missing.length), method: input.method },
    );
    await Promise.all(again.map((b) => ask(b, level + 1)));
  }

  const batches = buildJudgeBatches(todo, { batchSize: sizes[0], method: input.method });
  await Promise.all(batches.map((b) => ask(b, 0)));
  await writes;
  usage.wallMs = Date.now() - started;
  return { outcomes, usage, stopReason };
}
