import "server-only";
import {
  buildJudgeBatches,
  parseJudgeReply,
  renderJudgePrompt,
  replyCharLimit,
  type JudgeBatch,
  type JudgedItem,
  type JudgeItem,
} from "@/lib/scoring";
import { judgeCacheKey, type CachedJudgement, type JudgeCacheStore } from "./cache";
import type { JudgeCallResult, JudgeTransport } from "./client";
import type { JudgeConfig } from "./config";
import { RequestLimiter } from "./limiter";
import { RetriesExhaustedError, withRetries, type RetryHooks, type RetryPolicy } from "./retry";
import type { JudgeCallRecord, JudgeUsage } from "./types";

// A request that still fails after retries stops the run so an outage does not burn quota.

export type JudgeOutcome =
  | { id: string; status: "judged"; score: number; reasoning: string; cacheKey: string; cached: boolean }
  | { id: string; status: "failed"; reason: string };

export type { JudgeUsage };

type JudgeRunResult = { outcomes: Map<string, JudgeOutcome>; usage: JudgeUsage; stopReason: string | null };

type JudgeRunInput = {
  items: JudgeItem[];
  config: JudgeConfig;
  transport: JudgeTransport;
  cache: JudgeCacheStore;
  limiter?: RequestLimiter;
  retryPolicy?: Partial<RetryPolicy>;
  retryHooks?: RetryHooks;
  /** Persisting each settled group is what makes a run resumable. */
  onOutcomes?: (outcomes: JudgeOutcome[]) => Promise<void>;
  onCall?: (call: JudgeCallRecord) => void;
  bypassCache?: boolean;
};

const DEFER = Symbol("defer");

/** Circuit breaker: after a transient failure fresh batches wait, so an outage costs a bounded number of calls. */
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

function askSizes(batchSize: number): number[] {
  const quarter = Math.max(1, Math.ceil(batchSize / 4));
  return quarter > 1 ? [batchSize, quarter, 1] : [batchSize, 1];
}

export const emptyUsage = (): JudgeUsage => ({
  calls: 0,
  retries: 0,
  reasks: 0,
  cacheHits: 0,
  promptTokens: 0,
  completionTokens: 0,
  wallMs: 0,
});

export const addUsage = (a: JudgeUsage, b: JudgeUsage): JudgeUsage => {
  const sum = emptyUsage();
  for (const k of Object.keys(sum) as (keyof JudgeUsage)[]) sum[k] = a[k] + b[k];
  return sum;
};

export async function judgeQuestions(input: JudgeRunInput): Promise<JudgeRunResult> {
  const started = Date.now();
  const { config } = input;
  const usage = emptyUsage();
  const outcomes = new Map<string, JudgeOutcome>();
  const limiter = input.limiter ?? new RequestLimiter(config.concurrency, config.rpm);
  const policy: RetryPolicy = {
    maxRetries: config.maxRetries,
    baseDelayMs: 1000,
    maxDelayMs: 30_000,
    ...input.retryPolicy,
  };
  const sizes = askSizes(config.batchSize);
  const byId = new Map(input.items.map((i) => [i.id, i]));
  let stopReason: string | null = null;
  const breaker = new Breaker();

  let writes: Promise<void> = Promise.resolve();
  const settle = (list: JudgeOutcome[]): Promise<void> => {
    for (const o of list) outcomes.set(o.id, o);
    if (!input.onOutcomes || list.length === 0) return writes;
    writes = writes.then(() => input.onOutcomes!(list));
    return writes;
  };

  const plan = (batch: JudgeBatch) => {
    const prompt = renderJudgePrompt(config.prompt.text, batch.header, batch.items);
    const keys = new Map(
      batch.items.map((i) => [
        i.id,
        judgeCacheKey({ model: config.model, promptVersion: config.prompt.version, request: prompt, questionId: i.id }),
      ]),
    );
    return { batch, prompt, keys };
  };
  type Planned = ReturnType<typeof plan>;
  const lookup = (keys: string[]) =>
    input.bypassCache ? Promise.resolve(new Map<string, CachedJudgement>()) : input.cache.getMany(keys);

  const failAll = (batch: JudgeBatch, reason: string) =>
    settle(batch.items.map((i) => ({ id: i.id, status: "failed", reason })));

  async function timedCall(prompt: string, batch: JudgeBatch, attempt: number, level: number) {
    const t0 = Date.now();
    const record = (error: string | null, r?: JudgeCallResult) =>
      input.onCall?.({
        questionIds: batch.items.map((i) => i.id),
        attempt,
        level,
        ok: error === null,
        error,
        rawReply: r?.text ?? null,
        promptTokens: r?.promptTokens ?? 0,
        completionTokens: r?.completionTokens ?? 0,
        latencyMs: Date.now() - t0,
      });
    try {
      const r = await input.transport(prompt);
      // A cut-off reply was paid for and is kept, but it is a failed call, not an answer.
      record(r.truncated ? truncatedReason(config.maxTokens) : null, r);
      return r;
    } catch (e) {
      record(e instanceof Error ? e.message : String(e));
      throw e;
    }
  }

  async function ask(
    { batch, prompt, keys }: Planned,
    level: number,
    known?: Map<string, CachedJudgement>,
  ): Promise<void> {
    // Questions a cached reply lacked take the same re-ask path, so re-scoring unchanged answers makes no call.
    const hits = known ?? (await lookup([...keys.values()]));
    const cached: JudgeOutcome[] = [];
    for (const i of batch.items) {
      const hit = hits.get(keys.get(i.id)!);
      if (hit)
        cached.push({
          id: i.id,
          status: "judged",
          score: hit.score,
          reasoning: hit.reasoning,
          cacheKey: keys.get(i.id)!,
          cached: true,
        });
    }
    if (cached.length > 0) {
      usage.cacheHits += cached.length;
      await settle(cached);
      const answered = new Set(cached.map((o) => o.id));
      return reask(
        batch.items.map((i) => i.id).filter((id) => !answered.has(id)),
        level,
        "missing from the judge's reply",
        false,
      );
    }
    if (stopReason) return failAll(batch, `not asked: ${stopReason}`);
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
        {
          ...input.retryHooks,
          onRetry: (info) => (usage.retries++, breaker.trip(), input.retryHooks?.onRetry?.(info)),
        },
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
    // A cut-off reply's last items may be half-written: the whole batch is re-asked in smaller batches.
    const parsed = reply.truncated
      ? { results: new Map<string, JudgedItem>(), missing: ids, error: truncatedReason(config.maxTokens) }
      : parseJudgeReply(reply.text, ids, { maxChars: replyCharLimit(config.maxTokens) });
    const judged: JudgeOutcome[] = [...parsed.results].map(([id, r]) => ({
      id,
      status: "judged",
      score: r.score,
      reasoning: r.reasoning,
      cacheKey: keys.get(id)!,
      cached: false,
    }));
    await settle(judged);
    return reask(parsed.missing, level, parsed.error ?? "missing from the judge's reply", true);
  }

  async function reask(missing: string[], level: number, why: string, fresh: boolean): Promise<void> {
    if (missing.length === 0) return;
    if (level + 1 >= sizes.length) {
      await settle(missing.map((id) => ({ id, status: "failed", reason: `${why} after ${sizes.length} asks` })));
      return;
    }
    if (fresh) usage.reasks += missing.length;
    const again = buildJudgeBatches(
      missing.map((id) => byId.get(id)!),
      { batchSize: Math.min(sizes[level + 1], missing.length) },
    );
    await Promise.all(again.map((b) => ask(plan(b), level + 1)));
  }

  // Planned from the full list, not what the cache lacks, so an unchanged submission renders the same requests.
  const first = buildJudgeBatches(input.items, { batchSize: sizes[0] }).map(plan);
  const known = await lookup(first.flatMap((p) => [...p.keys.values()]));
  await Promise.all(first.map((p) => ask(p, 0, known)));
  await writes;
  usage.wallMs = Date.now() - started;
  return { outcomes, usage, stopReason };
}
