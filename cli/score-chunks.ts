// The work the CLI's main thread shares with its scoring threads (score-pool.ts, score-thread.ts):
// pairs and resample blocks are cut into chunks that either side claims with one atomic add on
// shared memory. A thread that starts late, runs slowly or fails simply takes fewer chunks (the
// main thread does the rest), and every chunk's numbers are the same whoever computes them.
import { bootstrapRange, scoreEncodedPairs, type EncodedPairs, type LexicalOptions } from "../lib/scoring";

/** Pairs per lexical chunk and resamples per bootstrap chunk: small enough to balance two threads. */
export const PAIRS_PER_CHUNK = 256;
export const RESAMPLES_PER_CHUNK = 20;

const OPEN = 0;
const DONE = 1;
const FAILED = 2;

/** Shared state of a stage: [next unclaimed chunk, state of chunk 0, state of chunk 1, ...]. */
export function newControl(chunks: number): Int32Array {
  return new Int32Array(new SharedArrayBuffer(4 * (1 + chunks)));
}

/** Claims and runs chunks until none is left; a thread marks a chunk it could not do as failed. */
export function claimChunks(ctl: Int32Array, chunks: number, work: (k: number) => void, thread: boolean): void {
  for (let k = Atomics.add(ctl, 0, 1); k < chunks; k = Atomics.add(ctl, 0, 1)) {
    let state = DONE;
    try {
      work(k);
    } catch (err) {
      if (!thread) throw err;
      state = FAILED;
    }
    Atomics.store(ctl, 1 + k, state);
    Atomics.notify(ctl, 1 + k);
  }
}

/**
 * The main thread, once nothing is left to claim: waits for the chunks threads still run, and does
 * itself any a thread failed or did not finish within `stallMs` (identical numbers either way).
 */
export function awaitChunks(ctl: Int32Array, chunks: number, work: (k: number) => void, stallMs: number): void {
  for (let k = 0; k < chunks; k++) {
    if (Atomics.load(ctl, 1 + k) === OPEN) Atomics.wait(ctl, 1 + k, OPEN, stallMs);
    if (Atomics.load(ctl, 1 + k) !== DONE) work(k);
  }
}

/** The lexical stage: the pairs as shared UTF-8 (threads receive no strings); results in `out`. */
export type LexicalStage = { stage: "lexical"; chunks: number; pairs: EncodedPairs; opts: LexicalOptions; out: Float64Array; ctl: Int32Array };

/**
 * Chunk k of the pairs: precision, recall, F1, BLEU-1 of pair i at out[4i..4i+3], or NaN where the
 * engine declined the pair (the main thread scores those from the strings afterwards).
 */
export function lexicalChunk(s: LexicalStage, k: number): void {
  const from = k * PAIRS_PER_CHUNK;
  scoreEncodedPairs(s.pairs, from, Math.min(s.pairs.lengths.length / 2, from + PAIRS_PER_CHUNK), s.opts.tokenizer, s.opts.stopwords, s.out);
}

/** A bootstrap job laid out in one shared Float64Array: packed columns at `packed`, results at `out` (column c at out + c * resamples). */
export type JobLayout = { n: number; columns: number; resamples: number; seed: number; packed: number; out: number };
export type BootstrapStage = { stage: "bootstrap"; chunks: number; memory: Float64Array; jobs: JobLayout[]; units: Int32Array; ctl: Int32Array };

/** Unit k = (job, first resample, end): resamples [from, to) of that job. */
export function bootstrapChunk(s: BootstrapStage, k: number): void {
  const job = s.jobs[s.units[3 * k]];
  const packed = s.memory.subarray(job.packed, job.packed + Math.ceil(job.columns / 4) * job.n * 4);
  const out = Array.from({ length: job.columns }, (_, c) => s.memory.subarray(job.out + c * job.resamples, job.out + (c + 1) * job.resamples));
  bootstrapRange(packed, out, job.n, s.units[3 * k + 1], s.units[3 * k + 2], job.seed);
}
