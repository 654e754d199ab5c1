// Counters and latency percentiles of the soak (pure: no I/O, unit-tested in
// tests/unit/dev/soak-stats.test.ts).

/** Nearest-rank percentile (p in (0, 100]) of unsorted samples; NaN when there are none. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

/** A 429 with Retry-After is the quota answer, retried; anything else non-2xx is an error, since uploads must survive Redis outages. */
export type Outcome = "ok" | "throttled" | "error";

export function classify(status: number | null): Outcome {
  if (status === null) return "error";
  if (status >= 200 && status < 400) return "ok";
  if (status === 429) return "throttled";
  return "error";
}

type Sample = { kind: string; ms: number; status: number | null; at: number; note?: string };

export type KindSummary = {
  kind: string;
  requests: number;
  answered: number;
  errors: number;
  throttled: number;
  p50: number;
  p99: number;
  max: number;
};

export class Recorder {
  readonly samples: Sample[] = [];
  /** The first few errors of each kind, for the report (status, time and message). */
  readonly errorNotes = new Map<string, string[]>();

  add(s: Sample): void {
    this.samples.push(s);
    if (classify(s.status) !== "error") return;
    const notes = this.errorNotes.get(s.kind) ?? [];
    if (notes.length < 5)
      notes.push(`${s.status ?? "no response"} at +${(s.at / 1000).toFixed(1)} s${s.note ? `: ${s.note}` : ""}`);
    this.errorNotes.set(s.kind, notes);
  }

  summary(kinds?: (kind: string) => boolean, label = "all"): KindSummary {
    const picked = this.samples.filter((s) => !kinds || kinds(s.kind));
    return summarize(label, picked);
  }

  byKind(): KindSummary[] {
    const kinds = [...new Set(this.samples.map((s) => s.kind))].sort();
    return kinds.map((k) =>
      summarize(
        k,
        this.samples.filter((s) => s.kind === k),
      ),
    );
  }
}

function summarize(kind: string, samples: readonly Sample[]): KindSummary {
  const ms = samples.map((s) => s.ms);
  const outcomes = samples.map((s) => classify(s.status));
  return {
    kind,
    requests: samples.length,
    answered: samples.filter((s) => s.status !== null).length,
    errors: outcomes.filter((o) => o === "error").length,
    throttled: outcomes.filter((o) => o === "throttled").length,
    p50: percentile(ms, 50),
    p99: percentile(ms, 99),
    max: ms.length ? Math.max(...ms) : Number.NaN,
  };
}

/** Error rate in percent with two decimals ("0.00" when there were no requests). */
export function errorRate(s: Pick<KindSummary, "requests" | "errors">): string {
  return s.requests === 0 ? "0.00" : ((100 * s.errors) / s.requests).toFixed(2);
}

/** Markdown table of per-kind summaries plus a total line. */
export function latencyTable(rows: KindSummary[], total: KindSummary): string[] {
  const fmt = (n: number) => (Number.isNaN(n) ? "-" : n.toFixed(0));
  const line = (r: KindSummary, bold = false) => {
    const name = bold ? `**${r.kind}**` : r.kind;
    return `| ${name} | ${r.requests} | ${r.answered} | ${r.errors} | ${errorRate(r)} % | ${r.throttled} | ${fmt(r.p50)} | ${fmt(r.p99)} | ${fmt(r.max)} |`;
  };
  return [
    "| requests | sent | answered | errors | error rate | 429 | p50 ms | p99 ms | max ms |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...rows.map((r) => line(r)),
    line(total, true),
  ];
}
