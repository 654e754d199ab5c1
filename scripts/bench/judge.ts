// Judge throughput benchmark against the fake judge (300 ms per reply by default).
//   node --import ./bin/register.mjs scripts/bench/judge.ts [--latency-ms 300] [--concurrency 8] [--batch-size 20]
// A synthetic full-size submission with the published shape (2,046 dyadic questions over 20
// dialogues with 11-16 sessions each plus a session0 of cross-session questions; 190
// multi-party questions over 5 dialogues x 5 sessions plus session0) is judged
//   1. by our runner (session batches, JUDGE_CONCURRENCY requests in flight, no pauses),
//   2. again with the cache filled (a re-score of unchanged answers),
//   3. the official way: one request per question file, 4 threads, 0.5 s pause after each file,
// all against the same server in the same process. Prints wall times and call counts.
import { parseArgs } from "node:util";
import OpenAI from "openai";
import {
  defaultReplyTokens,
  promptTemplate,
  renderJudgePrompt,
  buildJudgeBatches,
  type JudgeItem,
} from "../../lib/scoring";
import type { CachedJudgement, JudgeCacheStore } from "../../lib/server/judge/cache";
import { createJudgeTransport } from "../../lib/server/judge/client";
import type { JudgeConfig } from "../../lib/server/judge/config";
import { judgeQuestions } from "../../lib/server/judge/run-judge";
import { startFakeJudgeServer } from "../../scripts/dev/fake-judge-server";

const { values } = parseArgs({
  options: {
    "latency-ms": { type: "string", default: "300" },
    concurrency: { type: "string", default: "8" },
    "batch-size": { type: "string", default: "20" },
  },
});

const DYADIC_SESSIONS = [11, 11, 15, 15, 14, 11, 12, 14, 16, 16, 13, 16, 15, 16, 15, 15, 15, 16, 16, 12];

/** Deals `total` questions over the files: session0 gets `cross`, the rest evenly. */
function synthetic(): JudgeItem[] {
  const items: JudgeItem[] = [];
  const add = (split: JudgeItem["split"], dialogue: number, session: number, count: number) => {
    for (let i = 0; i < count; i++) {
      const n = items.length;
      items.push({
        id: `${split}/dialogue${dialogue}/session${session}/${i}`,
        split,
        where: { dialogue, session },
        question: `What did speaker ${n % 7} say about topic ${n}?`,
        reference: `They said topic ${n} was about the red ${n % 3 ? "bike" : "car"}`,
        answer:
          n % 4 === 0
            ? `They said topic ${n} was about the red ${n % 3 ? "bike" : "car"}`
            : n % 4 === 1
              ? "a red thing"
              : "no idea",
      });
    }
  };
  const deal = (split: JudgeItem["split"], sessions: number[], cross: number, total: number) => {
    const regular = sessions.reduce((a, b) => a + b, 0);
    let left = total - cross * sessions.length;
    let slots = regular;
    sessions.forEach((count, d) => {
      add(split, d + 1, 0, cross);
      for (let s = 1; s <= count; s++) {
        const n = Math.round(left / slots);
        add(split, d + 1, s, n);
        left -= n;
        slots--;
      }
    });
  };
  deal("dyadic", DYADIC_SESSIONS, 12, 2046);
  deal("multi-party", [5, 5, 5, 5, 5], 3, 190);
  return items;
}

function memoryCache(): JudgeCacheStore & { put: (k: string, v: CachedJudgement) => void } {
  const m = new Map<string, CachedJudgement>();
  return {
    getMany: async (keys) => new Map(keys.filter((k) => m.has(k)).map((k) => [k, m.get(k)!])),
    put: (k, v) => m.set(k, v),
  };
}

const items = synthetic();
const files = buildJudgeBatches(items, { batchSize: 10_000 });
const fake = await startFakeJudgeServer({ latencyMs: Number(values["latency-ms"]) });
const config: JudgeConfig = {
  baseURL: fake.baseURL,
  apiKey: "bench",
  model: "fake-judge",
  batchSize: Number(values["batch-size"]),
  concurrency: Number(values.concurrency),
  timeoutMs: 30_000,
  maxRetries: 5,
  rpm: 100_000,
  maxTokens: defaultReplyTokens(Number(values["batch-size"])),
  prompt: promptTemplate(),
};
console.log(
  `questions: ${items.length} in ${files.length} question files (309 sessions + 25 session0 folders); fake judge latency ${fake.latencyMs} ms`,
);

const cache = memoryCache();
const ours = await judgeQuestions({
  items,
  config,
  transport: createJudgeTransport(config),
  cache,
  onOutcomes: async (list) => list.forEach((o) => o.status === "judged" && cache.put(o.cacheKey, o)),
});
const failedOurs = [...ours.outcomes.values()].filter((o) => o.status === "failed").length;
console.log(
  `ours      (batch ${config.batchSize}, concurrency ${config.concurrency}): ${(ours.usage.wallMs / 1000).toFixed(1)} s, ${ours.usage.calls} calls, ${failedOurs} failed`,
);

fake.reset();
const again = await judgeQuestions({ items, config, transport: createJudgeTransport(config), cache });
console.log(
  `ours, re-score from cache: ${(again.usage.wallMs / 1000).toFixed(2)} s, ${again.usage.calls} calls (server saw ${fake.requests}), ${again.usage.cacheHits} cache hits`,
);

// The official script: a pool of 4 threads, one request per file, then time.sleep(0.5).
fake.reset();
const client = new OpenAI({ baseURL: fake.baseURL, apiKey: "bench", timeout: 30_000, maxRetries: 0 });
const t0 = Date.now();
let next = 0;
let failedFiles = 0;
await Promise.all(
  Array.from({ length: 4 }, async () => {
    while (next < files.length) {
      const f = files[next++];
      try {
        await client.chat.completions.create({
          model: "fake-judge",
          temperature: 0,
          messages: [{ role: "user", content: renderJudgePrompt(config.prompt.text, f.header, f.items) }],
        });
      } catch {
        failedFiles++;
      }
      await new Promise((r) => setTimeout(r, 500));
    }
  }),
);
const officialMs = Date.now() - t0;
console.log(
  `official  (1 call per file, 4 threads, 0.5 s pause): ${(officialMs / 1000).toFixed(1)} s, ${fake.requests} calls, ${failedFiles} failed files`,
);
console.log(`speed-up: ${(officialMs / ours.usage.wallMs).toFixed(2)}x`);
await fake.close();
