// GET /api/metrics: off (404) without METRICS_TOKEN, 401/403 without the right bearer token, and
// a Prometheus exposition whose numbers follow what happened: requests made here, jobs added to
// a queue under a prefix of this file's own, and StageRun / JudgeCall rows written here.
import { randomBytes } from "node:crypto";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as metrics from "@/app/api/metrics/route";
import * as leaderboard from "@/app/api/v1/leaderboard/route";
import * as submission from "@/app/api/v1/submissions/[id]/route";
import { db } from "@/lib/server/db";
import { getQueue } from "@/lib/server/queue";
import { ctx, req, userWithToken } from "../../support/api-helpers";
import { parseExposition, valueOf, type Series } from "../../support/metrics-helpers";
import { freePort, setEnv } from "../../support/pipeline-helpers";

const TOKEN = "metrics-test-token-0123456789";
const PURPOSE = `metrics-test-${process.pid}`;
const real = {
  REDIS_URL: process.env.REDIS_URL,
  QUEUE_PREFIX: process.env.QUEUE_PREFIX,
  METRICS_TOKEN: process.env.METRICS_TOKEN,
};
let admin: Awaited<ReturnType<typeof userWithToken>>;

const call = (headers: Record<string, string> = {}) => metrics.GET(req("/api/metrics", { headers }), ctx({}));

async function scrape(): Promise<Series[]> {
  const res = await call({ authorization: `Bearer ${TOKEN}` });
  expect(res.status).toBe(200);
  return parseExposition(await res.text());
}

beforeAll(async () => {
  admin = await userWithToken("metrics-admin", "ADMIN");
});
afterEach(async () => {
  await setEnv(real);
});
afterAll(async () => {
  await db.judgeCall.deleteMany({ where: { purpose: PURPOSE } });
  await db.user.deleteMany({ where: { id: admin.id } });
});

describe("GET /api/metrics access", () => {
  it("does not exist (404) while METRICS_TOKEN is unset, whatever is sent", async () => {
    await setEnv({ METRICS_TOKEN: undefined });
    expect((await call()).status).toBe(404);
    expect((await call({ authorization: `Bearer ${TOKEN}` })).status).toBe(404);
  });

  it("is 401 without a token and 403 with a wrong one (a user's API token is not a metrics token)", async () => {
    await setEnv({ METRICS_TOKEN: TOKEN });
    const none = await call();
    expect(none.status).toBe(401);
    expect(none.headers.get("www-authenticate")).toContain("Bearer");
    for (const authorization of [
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      `Bearer ${admin.token}`,
      `Basic ${btoa(`x:${TOKEN}`)}`,
    ]) {
      const res = await call({ authorization });
      expect(res.status, authorization).toBe(403);
      expect(await res.text()).not.toContain("h2hmem_");
    }
  });
});

describe("GET /api/metrics content", () => {
  beforeEach(async () => {
    await setEnv({ METRICS_TOKEN: TOKEN });
  });

  it("is a Prometheus text exposition with every documented metric", async () => {
    const res = await call({ authorization: `Bearer ${TOKEN}` });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    for (const [name, type] of [
      ["h2hmem_http_requests_total", "counter"],
      ["h2hmem_http_request_duration_seconds", "histogram"],
      ["h2hmem_queue_jobs", "gauge"],
      ["h2hmem_dependency_up", "gauge"],
      ["h2hmem_submissions", "gauge"],
      ["h2hmem_stage_runs", "gauge"],
      ["h2hmem_stage_duration_seconds", "histogram"],
      ["h2hmem_judge_calls_total", "counter"],
      ["h2hmem_judge_tokens_total", "counter"],
      ["h2hmem_judge_call_duration_seconds", "histogram"],
      ["h2hmem_metrics_collect_seconds", "gauge"],
      ["process_cpu_seconds_total", "counter"],
    ])
      expect(text, name).toContain(`# TYPE ${name} ${type}`);
    const series = parseExposition(text);
    expect(valueOf(series, "h2hmem_dependency_up", { dependency: "database" })).toBe(1);
    expect(valueOf(series, "h2hmem_dependency_up", { dependency: "redis" })).toBe(1);
  });

  it("counts requests by route pattern, method and status class (never by raw URL)", async () => {
    const ok = { route: "/api/v1/leaderboard", method: "GET", status_class: "2xx" };
    const missing = { route: "/api/v1/submissions/[id]", method: "GET", status_class: "4xx" };
    const before = await scrape();
    for (let i = 0; i < 3; i++) expect((await leaderboard.GET(req("/api/v1/leaderboard"), ctx({}))).status).toBe(200);
    const ghost = `c${randomBytes(12).toString("hex")}`;
    expect(
      (await submission.GET(req(`/api/v1/submissions/${ghost}`, { token: admin.token }), ctx({ id: ghost }))).status,
    ).toBe(404);
    const after = await scrape();
    expect(valueOf(after, "h2hmem_http_requests_total", ok) - valueOf(before, "h2hmem_http_requests_total", ok)).toBe(
      3,
    );
    expect(
      valueOf(after, "h2hmem_http_request_duration_seconds_count", ok) -
        valueOf(before, "h2hmem_http_request_duration_seconds_count", ok),
    ).toBe(3);
    expect(
      valueOf(after, "h2hmem_http_requests_total", missing) - valueOf(before, "h2hmem_http_requests_total", missing),
    ).toBe(1);
    expect(after.some((s) => JSON.stringify(s.labels).includes(ghost))).toBe(false);
  });

  it("reports queue depth per state from BullMQ at scrape time", async () => {
    await setEnv({ QUEUE_PREFIX: `${real.QUEUE_PREFIX ?? "test"}-metrics-${process.pid}` });
    const queue = getQueue("scoring");
    try {
      for (let i = 0; i < 3; i++) await queue.add("score", { submissionId: `waiting-${i}` });
      await queue.add("score", { submissionId: "later" }, { delay: 60_000 });
      const s = await scrape();
      const depth = (state: string) => valueOf(s, "h2hmem_queue_jobs", { queue: "scoring", state });
      expect([depth("waiting"), depth("delayed"), depth("active"), depth("failed")]).toEqual([3, 1, 0, 0]);
    } finally {
      await queue.obliterate({ force: true });
    }
  });

  it("reports stage runs, stage durations and judge calls from the rows the worker writes", async () => {
    const before = await scrape();
    const now = Date.now();
    const sub = await db.submission.create({
      data: {
        userId: admin.id,
        methodName: "metrics",
        status: "SCORED",
        contentSha256: randomBytes(32).toString("hex"),
      },
    });
    await db.stageRun.createMany({
      data: [
        {
          submissionId: sub.id,
          stage: "lexical",
          status: "DONE",
          startedAt: new Date(now - 3000),
          finishedAt: new Date(now),
        },
        {
          submissionId: sub.id,
          stage: "judge",
          status: "FAILED",
          startedAt: new Date(now - 1000),
          finishedAt: new Date(now),
        },
      ],
    });
    const call = {
      submissionId: sub.id,
      purpose: PURPOSE,
      runId: "r1",
      model: "m",
      promptVersion: "v",
      questionIds: [],
      attempt: 1,
      level: 0,
    };
    await db.judgeCall.createMany({
      data: [
        { ...call, ok: true, promptTokens: 100, completionTokens: 20, latencyMs: 1500 },
        { ...call, ok: true, promptTokens: 100, completionTokens: 20, latencyMs: 1500 },
        { ...call, ok: false, error: "timeout", promptTokens: 0, completionTokens: 0, latencyMs: 30_000 },
      ],
    });
    const after = await scrape();
    const diff = (name: string, labels: Record<string, string>) =>
      valueOf(after, name, labels) - valueOf(before, name, labels);
    expect(diff("h2hmem_stage_runs", { stage: "lexical", status: "DONE" })).toBe(1);
    expect(diff("h2hmem_stage_runs", { stage: "judge", status: "FAILED" })).toBe(1);
    expect(diff("h2hmem_submissions", { status: "SCORED" })).toBe(1);
    // Only DONE runs have a duration: 3 s falls in the 5 s bucket, not the 2 s one.
    expect(diff("h2hmem_stage_duration_seconds_count", { stage: "lexical" })).toBe(1);
    expect(diff("h2hmem_stage_duration_seconds_bucket", { stage: "lexical", le: "2" })).toBe(0);
    expect(diff("h2hmem_stage_duration_seconds_bucket", { stage: "lexical", le: "5" })).toBe(1);
    expect(diff("h2hmem_stage_duration_seconds_sum", { stage: "lexical" })).toBeCloseTo(3, 6);
    expect(diff("h2hmem_stage_duration_seconds_count", { stage: "judge" })).toBe(0);

    const mine = { purpose: PURPOSE };
    expect(valueOf(after, "h2hmem_judge_calls_total", { ...mine, outcome: "ok" })).toBe(2);
    expect(valueOf(after, "h2hmem_judge_calls_total", { ...mine, outcome: "error" })).toBe(1);
    expect(valueOf(after, "h2hmem_judge_tokens_total", { ...mine, kind: "prompt" })).toBe(200);
    expect(valueOf(after, "h2hmem_judge_tokens_total", { ...mine, kind: "completion" })).toBe(40);
    expect(valueOf(after, "h2hmem_judge_call_duration_seconds_bucket", { ...mine, le: "1" })).toBe(0);
    expect(valueOf(after, "h2hmem_judge_call_duration_seconds_bucket", { ...mine, le: "2" })).toBe(2);
    expect(valueOf(after, "h2hmem_judge_call_duration_seconds_bucket", { ...mine, le: "30" })).toBe(3);
    expect(valueOf(after, "h2hmem_judge_call_duration_seconds_bucket", { ...mine, le: "+Inf" })).toBe(3);
    expect(valueOf(after, "h2hmem_judge_call_duration_seconds_sum", mine)).toBe(33);
    await db.submission.delete({ where: { id: sub.id } });
  });

  it("still answers with Redis down: redis_up is 0 and queue depths are absent, not zero", async () => {
    await setEnv({ REDIS_URL: `redis://127.0.0.1:${await freePort()}` });
    const s = await scrape();
    expect(valueOf(s, "h2hmem_dependency_up", { dependency: "redis" })).toBe(0);
    expect(valueOf(s, "h2hmem_dependency_up", { dependency: "database" })).toBe(1);
    expect(s.filter((x) => x.name === "h2hmem_queue_jobs")).toEqual([]);
  });
});
