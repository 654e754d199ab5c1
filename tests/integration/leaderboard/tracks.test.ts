// Issue 48, point 4: tracks through the real upload route, the worker's pipeline, approval, the board API,
// the snapshots' rank history and the audited admin override.
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import * as approveRoute from "@/app/api/v1/admin/submissions/[id]/approve/route";
import * as trackRoute from "@/app/api/v1/admin/submissions/[id]/track/route";
import * as leaderboardRoute from "@/app/api/v1/leaderboard/route";
import * as csvRoute from "@/app/api/v1/leaderboard.csv/route";
import * as rankHistoryRoute from "@/app/api/v1/entries/[id]/rank-history/route";
import * as submissionRoute from "@/app/api/v1/submissions/[id]/route";
import * as submissionsRoute from "@/app/api/v1/submissions/route";
import { db } from "@/lib/server/db";
import { logger } from "@/lib/server/logger";
import { loadActiveAnswerKey } from "@/lib/server/answer-key/store";
import { importAnswerKey } from "@/lib/server/operations/import-answer-key";
import { scoreSubmissionPipeline } from "@/workers/processors/score-submission";
import { DEMO_SYSTEMS, demoPredictionFile } from "@/prisma/seed-demo";
import { ctx, req, userWithToken } from "../../support/api-helpers";
import { withIsolatedDatabase } from "../../support/isolated-db";

withIsolatedDatabase("tracks");

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const body = async (r: Response): Promise<Json> => (await r.json()) as Json;
const log = logger.child({ test: "tracks" });
log.level = "warn";

let author: Awaited<ReturnType<typeof userWithToken>>;
let admin: Awaited<ReturnType<typeof userWithToken>>;
const ids: Record<string, string> = {};

/** A demo system's files; `retrieved` adds retrieved_sessions to every prediction. */
async function files(system: number, retrieved?: string[]): Promise<Record<"dyadic" | "multiparty", Blob>> {
  const key = (await loadActiveAnswerKey())!;
  const file = (split: "dyadic" | "multi-party", seed: number) => {
    const json = JSON.parse(
      new TextDecoder().decode(demoPredictionFile(DEMO_SYSTEMS[system]!, key.questions, split, seed)),
    ) as { predictions: Array<Record<string, unknown>> };
    if (retrieved) for (const p of json.predictions) p.retrieved_sessions = retrieved;
    return new Blob([JSON.stringify(json)], { type: "application/json" });
  };
  return { dyadic: file("dyadic", 10 + system), multiparty: file("multi-party", 20 + system) };
}

async function upload(name: string, f: Record<"dyadic" | "multiparty", Blob>, card: Record<string, string> = {}) {
  const form = new FormData();
  form.set("methodName", name);
  for (const [k, v] of Object.entries(card)) form.set(k, v);
  form.set("dyadic", f.dyadic, "prediction_dyadic.json");
  form.set("multiparty", f.multiparty, "prediction_multiparty.json");
  const r = await submissionsRoute.POST(
    req("/api/v1/submissions", { method: "POST", body: form, token: author.token }),
    ctx({}),
  );
  expect(r.status, JSON.stringify(await r.clone().json())).toBe(202);
  const { id } = await body(r);
  await scoreSubmissionPipeline(id, log);
  const a = await approveRoute.POST(
    req(`/api/v1/admin/submissions/${id}/approve`, { method: "POST", token: admin.token }),
    ctx({ id }),
  );
  expect(a.status).toBe(200);
  ids[name] = id;
  return id;
}

const board = async (query = "") => body(await leaderboardRoute.GET(req(`/api/v1/leaderboard${query}`), ctx({})));

beforeAll(async () => {
  await importAnswerKey(path.resolve(import.meta.dirname, "../../../prisma/seed-data/dataset"), "tracks test key");
  author = await userWithToken("tracks-author", "SUBMITTER");
  admin = await userWithToken("tracks-admin", "ADMIN");
  // 0 Near-Oracle (best answers), 1 Half-Recall, 2 Question-Echo.
  const all = Array.from({ length: 30 }, (_, k) => `session${k + 1}`);
  await upload("Everything", await files(0, all));
  await upload("Half", await files(1, ["session1"]), { contextTopK: "1" });
  await upload("Echo", await files(2));
  await upload("Gold", await files(1), { track: "oracle-evidence", contextTokens: "4096" });
});

describe("automatic full-context placement", () => {
  it("moves a memory entry whose retrieved sessions cover every session, and tells its author why", async () => {
    const r = await submissionRoute.GET(
      req(`/api/v1/submissions/${ids.Everything}`, { token: author.token }),
      ctx({ id: ids.Everything! }),
    );
    const s = await body(r);
    expect(s).toMatchObject({ track: "full-context", declaredTrack: "memory" });
    expect(s.trackReason).toMatchObject({ rule: "coverage" });
    expect(s.trackReason.questions).toBe(s.trackReason.of);
    const half = await db.submission.findUniqueOrThrow({ where: { id: ids.Half! } });
    expect(half).toMatchObject({ track: "memory", trackReason: null, contextTopK: 1 });
    const gold = await db.submission.findUniqueOrThrow({ where: { id: ids.Gold! } });
    expect(gold).toMatchObject({ track: "oracle-evidence", declaredTrack: "oracle-evidence", contextTokens: 4096 });
  });
});

describe("the board ranks each track on its own", () => {
  it("memory by default: only memory entries ranked, the others as labelled track references", async () => {
    const b = await board();
    expect(b.track).toBe("memory");
    expect(b.entries.map((e: Json) => [e.methodName, e.rank, e.track])).toEqual([
      ["Half", 1, "memory"],
      ["Echo", 2, "memory"],
    ]);
    expect(b.trackReferences.map((e: Json) => [e.methodName, e.track, e.rank]).sort()).toEqual([
      ["Everything", "full-context", 1],
      ["Gold", "oracle-evidence", 1],
    ]);
    expect(b.entries.find((e: Json) => e.methodName === "Half").contextTopK).toBe(1);
  });

  it("?track= ranks that track alone; an unknown value falls back to memory", async () => {
    const fc = await board("?track=full-context");
    expect(fc.track).toBe("full-context");
    expect(fc.entries.map((e: Json) => [e.methodName, e.rank])).toEqual([["Everything", 1]]);
    expect(fc.trackReferences).toEqual([]);
    expect((await board("?track=oracle-evidence")).entries.map((e: Json) => e.methodName)).toEqual(["Gold"]);
    expect((await board("?track=nonsense")).track).toBe("memory");
  });

  it("the CSV carries the track columns and marks track references", async () => {
    const csv = await (await csvRoute.GET(req("/api/v1/leaderboard.csv"), ctx({}))).text();
    const [header, ...rows] = csv.trim().split(/\r?\n/);
    expect(header).toContain("track,contextTopK,contextTokens");
    expect(rows.filter((r) => r.startsWith("track-reference,")).length).toBe(2);
  });

  it("snapshots rank per track: the rank history of each view", async () => {
    const history = async (id: string, q: string) =>
      body(await rankHistoryRoute.GET(req(`/api/v1/entries/${id}/rank-history${q}`), ctx({ id })));
    const fc = await history(ids.Everything!, "?track=full-context");
    expect(fc.track).toBe("full-context");
    expect(fc.items.at(-1)).toMatchObject({ rank: 1, of: 1 });
    // The default (memory) view never ranked it; old links without track read the memory rows.
    expect((await history(ids.Everything!, "")).items).toEqual([]);
    expect((await history(ids.Echo!, "")).items.at(-1)).toMatchObject({ rank: 2, of: 2 });
  });
});

describe("admin override", () => {
  it("is admin-only, needs a reason, is audited, and re-ranks the board", async () => {
    const move = (token: string, payload: unknown) =>
      trackRoute.POST(
        req(`/api/v1/admin/submissions/${ids.Everything}/track`, {
          method: "POST",
          token,
          body: JSON.stringify(payload),
          headers: { "content-type": "application/json" },
        }),
        ctx({ id: ids.Everything! }),
      );
    expect((await move(author.token, { track: "memory", note: "mine" })).status).toBe(403);
    expect((await move(admin.token, { track: "memory" })).status).toBe(422);
    expect((await move(admin.token, { track: "full-context", note: "no change" })).status).toBe(409);
    const r = await move(admin.token, { track: "memory", note: "top-k was per dialogue, not overall" });
    expect(r.status).toBe(200);
    const audit = await db.auditEvent.findFirstOrThrow({
      where: { action: "submission.track", targetId: ids.Everything! },
    });
    expect(audit).toMatchObject({ actorId: admin.id });
    expect(audit.details).toMatchObject({ from: "full-context", to: "memory" });
    const s = await db.submission.findUniqueOrThrow({ where: { id: ids.Everything! } });
    expect(s.trackReason).toEqual({ rule: "admin", note: "top-k was per dialogue, not overall", from: "full-context" });
    const b = await board();
    expect(b.entries.map((e: Json) => e.methodName)).toEqual(["Everything", "Half", "Echo"]);
    expect(b.trackReferences.map((e: Json) => e.methodName)).toEqual(["Gold"]);
  });
});
