// How many threads `h2hmem score --threads` runs (score-pool.ts starts them). Apart from the pool, so
// that a run with one thread never loads node:worker_threads (~3 ms).
import { availableParallelism } from "node:os";

/** Input size from which `--threads auto` starts threads (a full submission, about 0.7 MB, needs none). */
export const AUTO_THREADS_MIN_BYTES = 4 * 1024 * 1024;
/** At most this many threads in all (main included) for auto: more cost more to start than they save. */
const AUTO_MAX_THREADS = 4;

/** Threads in all for `--threads` (auto: by input size and cores). */
export function threadCount(option: string, inputBytes: number): number {
  if (option === "auto") return inputBytes >= AUTO_THREADS_MIN_BYTES ? Math.min(AUTO_MAX_THREADS, availableParallelism()) : 1;
  return Number(option);
}
