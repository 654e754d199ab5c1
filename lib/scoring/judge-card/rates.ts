// A rate with its 95% interval by the project's one interval procedure (bootstrap.ts).
import { bootstrapMeans, DEFAULT_RESAMPLES, DEFAULT_SEED, percentileInterval, seedFor } from "../bootstrap";

export type RateWithInterval = {
  n: number;
  count: number;
  rate: number | null;
  ciLow: number | null;
  ciHigh: number | null;
};

export function rateWithInterval(flags: readonly boolean[], stratum: string, seed = DEFAULT_SEED): RateWithInterval {
  const n = flags.length;
  if (n === 0) return { n: 0, count: 0, rate: null, ciLow: null, ciHigh: null };
  const values = Float64Array.from(flags, (f) => (f ? 1 : 0));
  const count = values.reduce((s, v) => s + v, 0);
  const { low, high } = percentileInterval(bootstrapMeans(values, DEFAULT_RESAMPLES, seedFor(seed, stratum)));
  return { n, count, rate: count / n, ciLow: low, ciHigh: high };
}

export function mean(values: readonly number[]): number | null {
  return values.length === 0 ? null : values.reduce((s, v) => s + v, 0) / values.length;
}
