// Worker threads for `h2hmem score` of large files: the lexical stage and the bootstrap are cut
// into chunks (score-chunks.ts) that the main thread and the threads claim from shared memory.
// The main thread never waits for a thread to start (it claims chunks meanwhile) and redoes any
// chunk a thread failed or stalled on, so the numbers are the same as with no threads at all.
// Threads load the compiled CLI itself (entry.ts); from the TypeScript (tsx) there are none.
import { Worker } from "node:worker_threads";
import { encodePairs, lexicalScores, packColumns, type BootstrapJob, type BootstrapRunner, type LexicalBatch } from "../lib/scoring";
import { entryUrl, SCORE_THREAD_ARG, SCORE_THREAD_ROLE } from "./entry";
import { awaitChunks, bootstrapChunk, claimChunks, lexicalChunk, newControl, PAIRS_PER_CHUNK, RESAMPLES_PER_CHUNK, type BootstrapStage, type JobLayout, type LexicalStage } from "./score-chunks";

/** A chunk takes milliseconds; a thread silent for this long is treated as gone. */
const STALL_MS = 10_000;

export type ScorePool = { lexical: LexicalBatch; bootstrap: BootstrapRunner; close: () => Promise<void> };

/** A pool of `threads - 1` worker threads (thread-count.ts), or null when there is nothing to start them from. */
export function startScorePool(threads: number): ScorePool | null {
  const entry = entryUrl();
  if (threads < 2 || entry === null) return null;
  const workers: Worker[] = [];
  for (let i = 1; i < threads; i++) {
    try {
      const w = new Worker(new URL(entry), { argv: [SCORE_THREAD_ARG], workerData: { role: SCORE_THREAD_ROLE }, stdout: true });
      w.on("error", () => {}); // a thread that fails leaves its chunks to the main thread
      w.unref();
      workers.push(w);
    } catch {
      break; // no more threads to be had: the main thread and those started do the work
    }
  }
  if (workers.length === 0) return null;
  const post = (stage: LexicalStage | BootstrapStage) => workers.forEach((w) => w.postMessage(stage));
  return {
    lexical(preds, refs, opts) {
      const chunks = Math.ceil(preds.length / PAIRS_PER_CHUNK);
      const pairs = encodePairs(preds, refs, true);
      const stage: LexicalStage = { stage: "lexical", chunks, pairs, opts, out: new Float64Array(new SharedArrayBuffer(32 * preds.length)), ctl: newControl(chunks) };
      post(stage);
      const work = (k: number) => lexicalChunk(stage, k);
      claimChunks(stage.ctl, chunks, work, false);
      awaitChunks(stage.ctl, chunks, work, STALL_MS);
      const o = stage.out;
      // NaN: a pair the engine declined, scored here from its strings (the same numbers).
      for (let i = 0; i < preds.length; i++) {
        if (!Number.isNaN(o[4 * i])) continue;
        const s = lexicalScores(preds[i], refs[i], { ...opts, engine: "reference" });
        o.set([s.precision, s.recall, s.f1, s.bleu1], 4 * i);
      }
      return o;
    },
    bootstrap(jobs) {
      const stage = bootstrapStage(jobs);
      const chunks = stage.chunks;
      post(stage);
      const work = (k: number) => bootstrapChunk(stage, k);
      claimChunks(stage.ctl, chunks, work, false);
      awaitChunks(stage.ctl, chunks, work, STALL_MS);
      return stage.jobs.map((j) => Array.from({ length: j.columns }, (_, c) => stage.memory.subarray(j.out + c * j.resamples, j.out + (c + 1) * j.resamples)));
    },
    async close() {
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}

/** Every job's packed columns and results in one shared array, and its resamples cut into units. */
function bootstrapStage(jobs: readonly BootstrapJob[]): BootstrapStage {
  let size = 0;
  const layout: JobLayout[] = jobs.map((j) => {
    const n = j.columns.length > 0 ? j.columns[0].length : 0;
    const resamples = n === 0 ? 0 : j.resamples;
    const packed = size;
    size += Math.ceil(j.columns.length / 4) * n * 4;
    const out = size;
    size += j.columns.length * resamples;
    return { n, columns: j.columns.length, resamples, seed: j.seed, packed, out };
  });
  const memory = new Float64Array(new SharedArrayBuffer(8 * size));
  const units: number[] = [];
  layout.forEach((l, j) => {
    if (l.columns === 0 || l.n === 0) return;
    packColumns(jobs[j].columns, memory.subarray(l.packed, l.out));
    for (let from = 0; from < l.resamples; from += RESAMPLES_PER_CHUNK) units.push(j, from, Math.min(l.resamples, from + RESAMPLES_PER_CHUNK));
  });
  const chunks = units.length / 3;
  return { stage: "bootstrap", chunks, memory, jobs: layout, units: Int32Array.from(units), ctl: newControl(chunks) };
}
