// The URL of the compiled CLI's entry file (dist/h2hmem.mjs or dist/cli/h2hmem.mjs), from which
// score-pool.ts starts its threads; null when the CLI runs from its TypeScript (tsx), since
// Node 20 cannot load TypeScript in a worker thread through tsx's hooks.
/** workerData.role of a scoring thread: cli/index.ts then runs score-thread.ts instead of the CLI. */
export const SCORE_THREAD_ROLE = "h2hmem-score-thread";
/**
 * process.argv[2] of a scoring thread (score-pool.ts passes it): the entry and the single file's
 * loader tell a thread by it and only then load node:worker_threads to confirm it (loading that
 * module costs every other run ~3 ms). An author typing it gets an unknown-option error.
 */
export const SCORE_THREAD_ARG = "--h2hmem-score-thread";

let url: string | null = null;

export function setEntryUrl(moduleUrl: string): void {
  url = moduleUrl.endsWith(".mjs") ? moduleUrl : null;
}

export function entryUrl(): string | null {
  return url;
}
