import "server-only";
import client, { type Registry } from "prom-client";
import { PrecomputedHistogram } from "./histogram";
import { PAGE_RENDER_BUCKETS, pageMetricsSnapshot } from "./pages";
import { JUDGE_CALL_BUCKETS, QUEUE_STATES, STAGE_BUCKETS, metricsSnapshot, type MetricsSnapshot } from "./snapshot";

// Worker series are read at scrape time, so any instance sees them all.

type State = {
  registry: Registry;
  requests: client.Counter<Label>;
  duration: client.Histogram<Label>;
  routes: Set<string>;
};
type Label = "route" | "method" | "status_class";

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
// Route labels are bounded by construction; this cap is a second guard.
const MAX_ROUTES = 200;

// Next's route bundles (and hot reload) duplicate modules: one registry per process on globalThis.
const holder = globalThis as unknown as { h2hmemMetrics?: State };

function create(): State {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const labelNames: Label[] = ["route", "method", "status_class"];
  const requests = new client.Counter<Label>({
    name: "h2hmem_http_requests_total",
    help: "HTTP requests answered by API route handlers.",
    labelNames,
    registers,
  });
  const duration = new client.Histogram<Label>({
    name: "h2hmem_http_request_duration_seconds",
    help: "Time from request to response headers in API route handlers.",
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers,
  });
  registerScrapeMetrics(registry);
  registerPageMetrics(registry);
  return { registry, requests, duration, routes: new Set() };
}

function state(): State {
  holder.h2hmemMetrics ??= create();
  return holder.h2hmemMetrics;
}

export function recordHttpRequest(r: { route: string; method: string; status: number; seconds: number }): void {
  const s = state();
  let route = r.route;
  if (!s.routes.has(route)) {
    if (s.routes.size >= MAX_ROUTES) route = "other";
    else s.routes.add(route);
  }
  const labels = {
    route,
    method: METHODS.has(r.method) ? r.method : "OTHER",
    status_class: `${Math.floor(r.status / 100)}xx`,
  };
  s.requests.inc(labels);
  s.duration.observe(labels, r.seconds);
}

export async function renderMetrics(): Promise<{ body: string; contentType: string }> {
  const { registry } = state();
  return { body: await registry.metrics(), contentType: registry.contentType };
}

type SetValue = (labels: Record<string, string>, value: number) => void;

function fromSnapshot(
  registry: Registry,
  kind: "gauge" | "counter",
  name: string,
  help: string,
  labelNames: string[],
  fill: (s: MetricsSnapshot, set: SetValue) => void,
): void {
  const Metric = kind === "gauge" ? client.Gauge : client.Counter;
  new Metric({
    name,
    help,
    labelNames,
    registers: [registry],
    async collect(this: client.Gauge | client.Counter) {
      const s = await metricsSnapshot();
      this.reset();
      fill(s, (labels, value) => (this instanceof client.Gauge ? this.set(labels, value) : this.inc(labels, value)));
    },
  });
}

function registerScrapeMetrics(registry: Registry): void {
  fromSnapshot(
    registry,
    "gauge",
    "h2hmem_dependency_up",
    "1 when the dependency answered this scrape, else 0.",
    ["dependency"],
    (s, set) => {
      set({ dependency: "database" }, s.databaseUp ? 1 : 0);
      set({ dependency: "redis" }, s.redisUp ? 1 : 0);
    },
  );
  fromSnapshot(
    registry,
    "gauge",
    "h2hmem_metrics_collect_seconds",
    "Time the last scrape-time collection (Redis and Postgres aggregates) took.",
    [],
    (s, set) => set({}, s.seconds),
  );
  fromSnapshot(
    registry,
    "gauge",
    "h2hmem_queue_jobs",
    "Jobs in the BullMQ scoring queue by state, read from Redis at scrape time (absent when Redis is down).",
    ["queue", "state"],
    (s, set) => {
      for (const state of QUEUE_STATES) if (s.queue) set({ queue: "scoring", state }, s.queue[state]);
    },
  );
  fromSnapshot(registry, "gauge", "h2hmem_submissions", "Submissions by status (Postgres).", ["status"], (s, set) => {
    for (const r of s.submissions) set({ status: r.status }, r.n);
  });
  fromSnapshot(
    registry,
    "gauge",
    "h2hmem_stage_runs",
    "Scoring stage runs (StageRun rows: the latest run per submission and stage) by stage and status.",
    ["stage", "status"],
    (s, set) => {
      for (const r of s.stageRuns) set({ stage: r.stage, status: r.status }, r.n);
    },
  );
  new PrecomputedHistogram(
    "h2hmem_stage_duration_seconds",
    "Duration of finished (DONE) stage runs, from StageRun start and finish times.",
    STAGE_BUCKETS,
    async () => (await metricsSnapshot()).stageDurations.map(({ stage, ...b }) => ({ labels: { stage }, ...b })),
  ).register(registry);
  fromSnapshot(
    registry,
    "counter",
    "h2hmem_judge_calls_total",
    "Requests sent to the LLM judge (JudgeCall rows) by purpose and outcome.",
    ["purpose", "outcome"],
    (s, set) => {
      for (const r of s.judgeCalls) set({ purpose: r.purpose, outcome: r.ok ? "ok" : "error" }, r.n);
    },
  );
  fromSnapshot(
    registry,
    "counter",
    "h2hmem_judge_tokens_total",
    "Tokens reported by the judge API (JudgeCall rows) by purpose and kind.",
    ["purpose", "kind"],
    (s, set) => {
      const sum = new Map<string, { prompt: number; completion: number }>();
      for (const r of s.judgeCalls) {
        const t = sum.get(r.purpose) ?? { prompt: 0, completion: 0 };
        t.prompt += r.promptTokens;
        t.completion += r.completionTokens;
        sum.set(r.purpose, t);
      }
      for (const [purpose, t] of sum) {
        set({ purpose, kind: "prompt" }, t.prompt);
        set({ purpose, kind: "completion" }, t.completion);
      }
    },
  );
  new PrecomputedHistogram(
    "h2hmem_judge_call_duration_seconds",
    "Latency of judge API requests (JudgeCall rows), by purpose.",
    JUDGE_CALL_BUCKETS,
    async () => (await metricsSnapshot()).judgeLatency.map(({ purpose, ...b }) => ({ labels: { purpose }, ...b })),
  ).register(registry);
}

function registerPageMetrics(registry: Registry): void {
  new client.Counter({
    name: "h2hmem_page_requests_total",
    help: "Page requests seen by proxy.ts, by route pattern, method, micro-cache outcome and bypass reason (status_class is unknown unless the cache answered).",
    labelNames: ["route", "method", "cache", "reason", "status_class"],
    registers: [registry],
    collect(this: client.Counter) {
      this.reset();
      for (const r of pageMetricsSnapshot().requests) this.inc(r.labels, r.n);
    },
  });
  new PrecomputedHistogram(
    "h2hmem_page_render_duration_seconds",
    "Full server render (to the last body byte) of anonymous board and entry pages, measured by the micro-cache on a miss.",
    PAGE_RENDER_BUCKETS,
    async () => pageMetricsSnapshot().renders,
  ).register(registry);
}
