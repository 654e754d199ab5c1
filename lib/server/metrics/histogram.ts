import "server-only";
import type { Metric, Registry } from "prom-client";

// A Prometheus histogram whose buckets are counted elsewhere (here: by an aggregate SQL query
// over rows the worker wrote), not observed one value at a time in this process. prom-client's
// Histogram can only observe single values, so this is a minimal custom collector that speaks
// the registry's metric interface (name, help, type, get) and renders standard
// `_bucket{le}` / `_sum` / `_count` series.

export type BucketSeries = {
  labels: Record<string, string>;
  /** Cumulative counts, one per upper bound in `buckets` (count of values <= bound). */
  cumulative: number[];
  sum: number;
  count: number;
};

type Value = { metricName: string; labels: Record<string, string | number>; value: number };

export class PrecomputedHistogram {
  readonly type = "histogram" as const;
  readonly aggregator = "sum" as const;

  constructor(
    readonly name: string,
    readonly help: string,
    readonly buckets: readonly number[],
    private readonly load: () => Promise<BucketSeries[]>,
  ) {}

  async get(): Promise<{ name: string; help: string; type: "histogram"; aggregator: "sum"; values: Value[] }> {
    const values: Value[] = [];
    for (const s of await this.load()) {
      this.buckets.forEach((le, i) =>
        values.push({ metricName: `${this.name}_bucket`, labels: { ...s.labels, le }, value: s.cumulative[i] ?? 0 }),
      );
      values.push({ metricName: `${this.name}_bucket`, labels: { ...s.labels, le: "+Inf" }, value: s.count });
      values.push({ metricName: `${this.name}_sum`, labels: s.labels, value: s.sum });
      values.push({ metricName: `${this.name}_count`, labels: s.labels, value: s.count });
    }
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values };
  }

  reset(): void {}

  register(registry: Registry): void {
    // The registry only calls name/help/type/get(); the cast is to its union of built-in classes.
    registry.registerMetric(this as unknown as Metric);
  }
}
