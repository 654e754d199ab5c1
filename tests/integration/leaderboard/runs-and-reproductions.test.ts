// Replicate runs and reproductions over real HTTP, Postgres and Redis (docs/SCORING.md §9d-9e):
// runs uploaded as multipart with `runOf` are averaged on their entry (k, run SD, flip rate, hand-computed
// here) and never ranked as rows; a reproduction (`reproduces`) from another account that agrees earns the
// `reproduced` tier, one that disagrees is shown with its numbers and changes nothing; a maintainer re-run
// mark is audited. Wrong links are refused with located 422s.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/server/db";
import { logger } from "@/lib/server/logger";
import { approveSubmission } from "@/lib/server/review/decide";
import { setMaintainerRerun } from "@/lib/server/review/curate";
import { scoreSubmissionPipeline } from "@/workers/processors/score-submission";
import { FIXTURES, userWithToken } from "../../support/api-helpers";
import { startRouteServer, type RouteServer } from "../../support/api-server";
import { runH2hmem } from "../../support/run-h2hmem";

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type User = Awaited<ReturnType<typeof userWithToken>>;
let server: RouteServer;
let author: User;
let other: User;
let admin: User;
const stamp = `runs-${Date.now()}`;
const log = logger.child({ test: "runs" });
log.level = "error";

/** Question i (over both files, dyadic first) is answered right when right(i), else wrongly. */
function files(right: (i: number) => boolean, salt: string): FormData {
  const form = new FormData();
  let i = 0;
  for (const [field, rel] of [
    ["dyadic", "good/prediction_dyadic.json"],
    ["multiparty", "good/prediction_multiparty.json"],
  ] as const) {
    const json = JSON.parse(readFileSync(path.join(FIXTURES, rel), "utf8")) as {
      predictions: Array<{ system_answer: string; original_answer: string }>;
    };
    for (const p of json.predictions) p.system_answer = right(i++) ? p.original_answer : `zzqx ${salt}`;
    form.set(field, new Blob([JSON.stringify(json)], { type: "application/json" }), `prediction_${field}.json`);
  }
  return form;
}

async function upload(user: User, form: FormData, fields: Record<string, string>): Promise<Response> {
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  return fetch(`${server.url}/api/v1/submissions`, {
    method: "POST",
    headers: { authorization: `Bearer ${user.token}` },
    body: form,
  });
}

/** Uploads over HTTP, scores with the worker's pipeline in-process, approves. */
async function entry(user: User, form: FormData, fields: Record<string, string>): Promise<string> {
  const res = await upload(user, form, fields);
  expect(res.status, await res.clone().text()).toBe(202);
  const { id } = (await res.json()) as { id: string };
  expect(await scoreSubmissionPipeline(id, log)).toBe("scored");
  await approveSubmission({ submissionId: id, reviewerId: admin.id });
  return id;
}

const get = async (p: string) => (await (await fetch(`${server.url}${p}`)).json()) as Json;
const board = () => get("/api/v1/leaderboard?split=overall&metric=f1&aggregate=micro");
/** A submission's own stored headline (not its entry's run mean). */
const ownF1 = async (id: string) =>
  (
    await db.score.findFirstOrThrow({
      where: { submissionId: id, split: "overall", scope: "ALL", metric: "f1", aggregate: "micro" },
      orderBy: { createdAt: "desc" },
    })
  ).value;

// Three runs over 45 questions: run 1 right on i % 3 != 0, run 2 everywhere but i % 5 == 0, run 3 on even i.
const RUNS = [(i: number) => i % 3 !== 0, (i: number) => i % 5 !== 0, (i: number) => i % 2 === 0];
let main: string;
let runIds: string[];

beforeAll(async () => {
  server = await startRouteServer();
  [author, other, admin] = await Promise.all([
    userWithToken("runs-author", "SUBMITTER"),
    userWithToken("runs-other", "SUBMITTER"),
    userWithToken("runs-admin", "ADMIN"),
  ]);
  const method = { methodName: `${stamp} memory`, backbone: "gpt-4o", publicPredictions: "true" };
  main = await entry(author, files(RUNS[0]!, "r1"), method);
  runIds = [main];
  for (const [r, right] of RUNS.slice(1).entries())
    runIds.push(await entry(author, files(right, `r${r + 2}`), { ...method, runOf: main }));
});
afterAll(async () => {
  await server?.close();
  await db.user.deleteMany({ where: { id: { in: [author?.id, other?.id, admin?.id].filter(Boolean) } } });
});

describe("replicate runs", () => {
  it("refuses a run of another method, another account's entry, or both links at once (422, located)", async () => {
    const wrongName = await upload(author, files(RUNS[0]!, "x1"), { methodName: "another name", runOf: main });
    expect(wrongName.status).toBe(422);
    expect((await wrongName.json()).error.details).toEqual([
      expect.objectContaining({ code: "RUN_OF_INVALID", path: "runOf", params: { entry: main } }),
    ]);
    const foreign = await upload(other, files(RUNS[0]!, "x2"), { methodName: `${stamp} memory`, runOf: main });
    expect((await foreign.json()).error.details[0].code).toBe("RUN_OF_INVALID");
    const both = await upload(author, files(RUNS[0]!, "x3"), { methodName: "m", runOf: main, reproduces: main });
    expect((await both.json()).error.details[0].path).toBe("reproduces");
  });

  it("the board shows one row with k = 3, the mean over runs, the run SD and the flip rate (hand-computed)", async () => {
    const own = await Promise.all(runIds.map(ownF1));
    const row = (await board()).entries.find((e: Json) => e.id === main);
    expect((await board()).entries.some((e: Json) => runIds.slice(1).includes(e.id))).toBe(false);
    expect(row.runs).toBe(3);
    const mean = own.reduce((a, b) => a + b, 0) / 3;
    expect(row.overall.value).toBeCloseTo(mean, 12);
    const sd = Math.sqrt(own.reduce((a, v) => a + (v - mean) ** 2, 0) / 2);
    expect(row.overall.runSd).toBeCloseTo(sd, 12);
    expect(row.overall.ciLow).toBeLessThanOrEqual(row.overall.value);
    // A question flips unless all three runs agree on it (every answer is all right or all wrong).
    const flips = Array.from({ length: 45 }, (_, i) => new Set(RUNS.map((r) => r(i))).size > 1).filter(Boolean);
    expect(row.flipRate).toBeCloseTo(flips.length / 45, 12);
  });

  it("the entry lists its runs, each keeps its own page; CSV carries k and the spread", async () => {
    const detail = await get(`/api/v1/entries/${main}`);
    expect(detail).toMatchObject({ runs: 3, runIds, tier: "uploaded", runOf: null });
    const run2 = await get(`/api/v1/entries/${runIds[1]}`);
    expect(run2).toMatchObject({ runs: 1, runOf: main, flipRate: null });
    const csv = await (await fetch(`${server.url}/api/v1/leaderboard.csv`)).text();
    const [head, ...rows] = csv
      .trim()
      .split("\n")
      .map((l) => l.split(","));
    const line = rows.find((r) => r.includes(main))!;
    expect(line[head!.indexOf("runs")]).toBe("3");
    expect(Number(line[head!.indexOf("runSd")])).toBeGreaterThan(0);
  });

  it("`h2hmem verify` re-scores every run's public files and matches the means and item x run intervals", async () => {
    const out = await runH2hmem("verify", `${server.url}/entries/${main}`, "--json");
    expect(out.code, out.stderr).toBe(0);
    expect(JSON.parse(out.stdout)).toMatchObject({ ok: true, mismatches: [] });
  });
});

describe("reproductions and trust tiers", () => {
  let perfect: string;
  beforeAll(async () => {
    perfect = await entry(
      author,
      files(() => true, "p"),
      { methodName: `${stamp} perfect` },
    );
  });

  it("a reproduction of one's own entry is refused", async () => {
    const res = await upload(
      author,
      files(() => true, "own"),
      { methodName: "mine", reproduces: perfect },
    );
    expect((await res.json()).error.details[0]).toMatchObject({ code: "REPRODUCES_INVALID", path: "reproduces" });
  });

  it("an agreeing reproduction by another account grants `reproduced` and never ranks", async () => {
    const before = await ownF1(perfect);
    const repro = await entry(
      other,
      files(() => true, "agree"),
      { methodName: "re-run", reproduces: perfect },
    );
    const detail = await get(`/api/v1/entries/${perfect}`);
    expect(detail.tier).toBe("reproduced");
    expect(detail.reproductions).toEqual([expect.objectContaining({ id: repro, agrees: true, f1: 1 })]);
    expect(await ownF1(perfect)).toBe(before);
    const lb = await board();
    expect(lb.entries.find((e: Json) => e.id === perfect).tier).toBe("reproduced");
    expect(lb.entries.some((e: Json) => e.id === repro)).toBe(false);

    await setMaintainerRerun({ submissionId: repro, actorId: admin.id, on: true });
    expect((await get(`/api/v1/entries/${perfect}`)).tier).toBe("maintainer-rerun");
    expect(await db.auditEvent.count({ where: { action: "submission.maintainer-rerun.mark", targetId: repro } })).toBe(
      1,
    );
  });

  it("a disagreeing reproduction is shown with its numbers and changes nothing", async () => {
    const repro = await entry(
      other,
      files(() => false, "disagree"),
      { methodName: "bad re-run", reproduces: main },
    );
    const detail = await get(`/api/v1/entries/${main}`);
    expect(detail.tier).toBe("uploaded");
    const shown = detail.reproductions.find((r: Json) => r.id === repro);
    expect(shown).toMatchObject({ agrees: false, f1: 0 });
    expect(shown.mainTypes.some((m: Json) => m.f1.ciHigh < 0)).toBe(true);
    expect(detail.runs).toBe(3);
  });
});

describe("the CLI", () => {
  it("`h2hmem submit --run-of` and `--reproduces` send the links; a wrong link is refused", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "h-runs-cli-"));
    const write = async (salt: string) => {
      const form = files(RUNS[1]!, salt);
      const names = ["dyadic", "multiparty"].map((f) => path.join(dir, `${salt}-${f}.json`));
      for (const [i, f] of ["dyadic", "multiparty"].entries())
        writeFileSync(names[i]!, Buffer.from(await (form.get(f) as Blob).arrayBuffer()));
      return ["--dyadic", names[0]!, "--multiparty", names[1]!];
    };
    const submit = async (user: User, salt: string, ...args: string[]) =>
      runH2hmem("submit", "--url", server.url, "--token", user.token, ...(await write(salt)), "--json", ...args);
    const run = await submit(author, "cli1", "--method", `${stamp} memory`, "--backbone", "gpt-4o", "--run-of", main);
    expect(run.code, run.stderr).toBe(0);
    const runRow = await db.submission.findUniqueOrThrow({ where: { id: JSON.parse(run.stdout).id } });
    expect(runRow.runOf).toBe(main);
    const repro = await submit(other, "cli2", "--method", "cli re-run", "--reproduces", main);
    expect(repro.code, repro.stderr).toBe(0);
    expect((await db.submission.findUniqueOrThrow({ where: { id: JSON.parse(repro.stdout).id } })).reproduces).toBe(
      main,
    );
    const wrong = await submit(other, "cli3", "--method", `${stamp} memory`, "--run-of", main);
    expect(wrong.code).not.toBe(0);
    expect(wrong.stderr).toMatch(/runOf/);
  });
});
