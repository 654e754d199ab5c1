// Bounded vs long fuzzing. `npm test` runs the fuzz properties with a fixed seed and a few dozen
// to a few hundred runs each; `npm run fuzz` (tests/unit/fuzz/run.mjs) sets FUZZ_MINUTES and a
// random FUZZ_SEED, and every property then runs until its share of the time budget is used.
// Any run can be replayed with FUZZ_SEED=<seed> (fast-check also prints seed and path on failure).
import fc, { type Parameters } from "fast-check";

const num = (v: string | undefined): number | undefined =>
  v !== undefined && v.trim() !== "" && Number.isFinite(Number(v)) ? Number(v) : undefined;

/** Fixed so a red CI run is reproducible as is; override with FUZZ_SEED. */
export const DEFAULT_SEED = 20261129;

const minutes = num(process.env.FUZZ_MINUTES);
const runs = num(process.env.FUZZ_RUNS);

export const FUZZ = {
  long: minutes !== undefined || runs !== undefined,
  seed: num(process.env.FUZZ_SEED) ?? DEFAULT_SEED,
  /** Minutes for each target (test file), split between its properties. */
  minutes,
  runs,
  /** A single case taking longer than this is a hang (the code under test is linear-ish: the
   * largest generated inputs take tens of milliseconds, quadratic behaviour takes seconds). */
  caseTimeoutMs: num(process.env.FUZZ_CASE_TIMEOUT_MS) ?? 5_000,
};

/**
 * fast-check parameters for one property: `bounded` runs in `npm test`; in long mode the property
 * gets `1 / propertiesInFile` of the file's minutes (or FUZZ_RUNS runs).
 */
export function fuzzParams<T>(bounded: number, propertiesInFile: number): Parameters<T> {
  const base: Parameters<T> = { seed: FUZZ.seed };
  // Bounded: a found hang is shrunk through more time-outs; stop in time for vitest to print it.
  if (!FUZZ.long) return { ...base, numRuns: bounded, plugins: [fc.interruptAfterTimeLimit(BOUNDED_LIMIT_MS)] };
  if (FUZZ.minutes === undefined) return { ...base, numRuns: FUZZ.runs };
  const budget = (FUZZ.minutes * 60_000) / propertiesInFile;
  // Runs stop at the budget (a success, not a failure); a failure found before it is reported.
  return { ...base, numRuns: FUZZ.runs ?? Number.MAX_SAFE_INTEGER, plugins: [fc.interruptAfterTimeLimit(budget)] };
}

const BOUNDED_LIMIT_MS = 90_000;

/** vitest timeout for one property: generous in bounded mode (shrinking a hang costs time-outs). */
export function fuzzTimeout(propertiesInFile: number): number {
  if (FUZZ.minutes !== undefined) return (FUZZ.minutes * 60_000) / propertiesInFile + 120_000;
  return FUZZ.long ? 3_600_000 : 120_000;
}

let announced = false;
/** One line per test file so a run's seed is in the log even when everything passes. */
export function announce(target: string): void {
  if (announced) return;
  announced = true;
  const mode = FUZZ.long
    ? `long (${FUZZ.minutes !== undefined ? `${FUZZ.minutes} min per target` : `${FUZZ.runs} runs per property`})`
    : "bounded";
  console.log(
    `[fuzz] ${target}: seed=${FUZZ.seed} mode=${mode} case-timeout=${FUZZ.caseTimeoutMs}ms (replay: FUZZ_SEED=${FUZZ.seed})`,
  );
}
