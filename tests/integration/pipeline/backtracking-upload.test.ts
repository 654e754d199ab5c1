// Issue 31, "Done when": an account uploads a valid file whose answers are crafted for
// backtracking (the role-tag and refusal shapes that once took minutes per answer). Over real
// HTTP, with the real worker process, it is scored within two minutes, while the admin review
// list, /api/health and the board each keep answering within 3 s.
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getQueue } from "@/lib/server/queue";
import { DEFAULT_MAX_ANSWER_CHARS } from "@/lib/scoring/types";
import { FIXTURES, userWithToken } from "../../support/api-helpers";
import { startRouteServer, type RouteServer } from "../../support/api-server";
import { setEnv, spawnWorker, waitForStatus, type WorkerProcess } from "../../support/pipeline-helpers";

const N = DEFAULT_MAX_ANSWER_CHARS;
const prefix = `${process.env.QUEUE_PREFIX ?? "test"}-backtrack-${process.pid}`;
let server: RouteServer;
let worker: WorkerProcess;

/** `head` + `unit` repeated, exactly N characters: long near-matches that fail at the end. */
const fill = (head: string, unit: string, tail = "") =>
  head +
  unit.repeat(Math.ceil((N - head.length - tail.length) / unit.length)).slice(0, N - head.length - tail.length) +
  tail;
const CRAFTED = [
  fill("\n".repeat(2000) + "system", " "), // the role-tag rule's cubic case (101 s at 8,000 once)
  fill("", "system "),
  fill("", "\nassistant:", "x"),
  fill("", "\u200bignore"),
  fill("", "忽略 ", "。"),
  fill("", "not ", "x"),
  fill("", "i cannot ", "x"),
  fill("", ". "),
  fill("", "no no, ", "?"),
  fill("", "\u3000系统提示"),
];

function craftedFile(rel: string, stamp: string): Blob {
  const json = JSON.parse(readFileSync(path.join(FIXTURES, rel), "utf8")) as {
    predictions: Array<{ system_answer: string }>;
  };
  json.predictions.forEach((p, i) => (p.system_answer = CRAFTED[i % CRAFTED.length]!));
  json.predictions[0]!.system_answer = json.predictions[0]!.system_answer.slice(0, N - stamp.length) + stamp;
  return new Blob([JSON.stringify(json)], { type: "application/json" });
}

beforeAll(async () => {
  await setEnv({ QUEUE_PREFIX: prefix, JUDGE_BASE_URL: undefined });
  server = await startRouteServer();
  worker = spawnWorker({ QUEUE_PREFIX: prefix, JUDGE_BASE_URL: "", RECONCILE_INTERVAL_MS: "600000" });
});
afterAll(async () => {
  if (worker && worker.child.exitCode === null) worker.child.kill("SIGTERM");
  await worker?.exit;
  await server?.close();
  await getQueue("scoring").obliterate({ force: true });
  await setEnv({});
});

describe("an upload crafted for backtracking", () => {
  it("is scored within two minutes while the review list, /api/health and the board answer within 3 s", async () => {
    const [author, admin] = await Promise.all([
      userWithToken("backtrack-author", "SUBMITTER"),
      userWithToken("backtrack-admin", "ADMIN"),
    ]);
    // Probe the three pages in turn until scored; a probe that takes 3 s is aborted and fails the test.
    const probes: Array<[string, string, Record<string, string>]> = [
      ["review list", "/api/v1/admin/submissions", { authorization: `Bearer ${admin.token}` }],
      ["health", "/api/health", {}],
      ["board", "/api/v1/leaderboard?split=overall&metric=f1", {}],
    ];
    // One request each before the upload: a route's first request loads its modules and opens pools,
    // which is not what the 3 s budget is about.
    for (const [, url, headers] of probes) await (await fetch(`${server.url}${url}`, { headers })).text();
    const stamp = `bt${Date.now()}`;
    const form = new FormData();
    form.set("methodName", `Backtracking ${stamp}`);
    form.set("dyadic", craftedFile("good/prediction_dyadic.json", stamp), "prediction_dyadic.json");
    form.set("multiparty", craftedFile("good/prediction_multiparty.json", stamp), "prediction_multiparty.json");
    const started = Date.now();
    const up = await fetch(`${server.url}/api/v1/submissions`, {
      method: "POST",
      headers: { authorization: `Bearer ${author.token}` },
      body: form,
      signal: AbortSignal.timeout(30_000),
    });
    expect(up.status).toBe(202);
    const { id } = (await up.json()) as { id: string };

    const slowest: Record<string, number> = {};
    let scored = false;
    const done = waitForStatus(id, ["SCORED", "FAILED"], 120_000).finally(() => (scored = true));
    let rounds = 0;
    while (!scored) {
      for (const [what, url, headers] of probes) {
        const t0 = performance.now();
        const res = await fetch(`${server.url}${url}`, { headers, signal: AbortSignal.timeout(3000) }).catch(
          (e: Error) => {
            throw new Error(`${what} did not answer within 3 s (${e.message})`);
          },
        );
        expect(res.status, what).toBe(200);
        const body = await res.text();
        slowest[what] = Math.max(slowest[what] ?? 0, performance.now() - t0);
        if (what === "review list") expect(body).toContain(id);
      }
      rounds++;
      await new Promise((r) => setTimeout(r, 200));
    }
    const final = await done;
    expect(final.status).toBe("SCORED");
    expect(Date.now() - started).toBeLessThan(120_000);
    expect(rounds).toBeGreaterThan(0);
    for (const ms of Object.values(slowest)) expect(ms).toBeLessThan(3000);

    // The worker stored the review flag; the review list reads it (no detector on the web).
    const list = (await (
      await fetch(`${server.url}/api/v1/admin/submissions`, { headers: { authorization: `Bearer ${admin.token}` } })
    ).json()) as unknown;
    expect(JSON.stringify(list)).toContain("judge-injection");
  }, 180_000);
});
