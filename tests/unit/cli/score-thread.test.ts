// `score`'s worker threads run the single file itself (cli/score-pool.ts): started as the pool
// starts them, the loader and the entry must take them for a scoring thread (cli/entry.ts), which
// then claims and computes chunks. (If they did not, the main thread would silently do every chunk:
// the same numbers, no threads.)
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SCORE_THREAD_ARG, SCORE_THREAD_ROLE } from "../../../cli/entry";
import { newControl, PAIRS_PER_CHUNK, type LexicalStage } from "../../../cli/score-chunks";
import { encodePairs, lexicalScores } from "../../../lib/scoring";
import { buildSingleFile } from "../../../scripts/build/bundles.mjs";

let dir = "";
let bundle = "";

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), "h2hmem-score-thread-"));
  bundle = path.join(dir, "h2hmem.mjs");
  await buildSingleFile(bundle, { version: "0.0.0-test", scorer: "test-scorer" });
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("a scoring thread of the single file", () => {
  it("claims the chunks of a stage and computes them (nothing left to the main thread)", async () => {
    const n = 2 * PAIRS_PER_CHUNK + 3;
    const preds = Array.from({ length: n }, (_, i) => `Paris is the capital of France, answer ${i}.`);
    const refs = Array.from({ length: n }, (_, i) => `The capital is Paris (${i % 7}).`);
    const chunks = Math.ceil(n / PAIRS_PER_CHUNK);
    const stage: LexicalStage = { stage: "lexical", chunks, pairs: encodePairs(preds, refs, true), opts: { tokenizer: "nltk", stopwords: "new" }, out: new Float64Array(new SharedArrayBuffer(32 * n)), ctl: newControl(chunks) };
    const worker = new Worker(pathToFileURL(bundle), { argv: [SCORE_THREAD_ARG], workerData: { role: SCORE_THREAD_ROLE }, stdout: true, env: { ...process.env, H2HMEM_CACHE_DIR: "off" } });
    const failed = new Promise<Error>((resolve) => worker.on("error", resolve));
    try {
      worker.postMessage(stage);
      const done = async () => {
        for (let k = 0; k < chunks; k++) while (Atomics.load(stage.ctl, 1 + k) === 0) await new Promise((r) => setTimeout(r, 10));
      };
      const outcome = await Promise.race([done().then(() => null), failed]);
      expect(outcome).toBeNull();
      expect(Array.from(stage.ctl.subarray(1))).toEqual(Array(chunks).fill(1)); // every chunk done, none failed
      for (const i of [0, PAIRS_PER_CHUNK, n - 1]) {
        const want = lexicalScores(preds[i], refs[i], stage.opts);
        expect(Array.from(stage.out.subarray(4 * i, 4 * i + 4))).toEqual([want.precision, want.recall, want.f1, want.bleu1]);
      }
    } finally {
      await worker.terminate();
    }
  }, 60_000);
});
