// State changes are conditional and inputs never reach inherited properties: retries are limited
// per account and only one of two concurrent retries wins (one audit row, written with the
// change); markFailed never undoes SCORED; submitters see generic failure reasons (admins the
// stored detail); a split named `__proto__` is an unknown file.
import { describe, expect, it } from "vitest";
import * as fileRoute from "@/app/api/v1/submissions/[id]/files/[split]/route";
import * as submissionRoute from "@/app/api/v1/submissions/[id]/route";
import * as retryRoute from "@/app/api/v1/submissions/[id]/retry/route";
import * as listRoute from "@/app/api/v1/submissions/route";
import { db } from "@/lib/server/db";
import { createSubmission } from "@/lib/server/submissions/create-submission";
import { markFailed } from "@/workers/processors/score-submission";
import { ctx, fixtureBlob, req, userWithToken } from "../../support/api-helpers";

let n = 0;
async function storedSubmission(userId: string): Promise<string> {
  const stamp = `guards-${Date.now()}-${n++}`;
  const bytes = async (rel: string) => new Uint8Array(await fixtureBlob(rel, stamp).arrayBuffer());
  const files = {
    dyadic: { fileName: "prediction_dyadic.json", bytes: await bytes("good/prediction_dyadic.json") },
    multiparty: { fileName: "prediction_multiparty.json", bytes: await bytes("good/prediction_multiparty.json") },
  };
  return (await createSubmission({ userId, files, meta: { methodName: stamp }, enqueue: false })).id;
}

const DETAIL = "Judge stage failed: connect ECONNREFUSED 10.0.0.7:8443 (judge-internal.example)";
const fail = (id: string, reason = DETAIL, stage: "lexical" | "judge" = "lexical") =>
  db.$transaction([
    db.submission.update({
      where: { id },
      data: { status: "FAILED", stage, failureStage: stage, failureReason: reason },
    }),
    db.stageRun.update({
      where: { submissionId_stage: { submissionId: id, stage } },
      data: { status: "FAILED", error: reason },
    }),
  ]);
const retry = (id: string, token: string) =>
  retryRoute.POST(req("/x", { method: "POST", token, body: JSON.stringify({ stage: "lexical" }) }), ctx({ id }));

describe("state guards", () => {
  it("limits retries per account: the 11th within the hour is 429 with Retry-After", async () => {
    const owner = await userWithToken("retry-limit", "SUBMITTER");
    const id = await storedSubmission(owner.id);
    for (let i = 0; i < 10; i++) {
      await fail(id);
      expect((await retry(id, owner.token)).status).toBe(202);
    }
    await fail(id);
    const limited = await retry(id, owner.token);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    // Refused means unchanged: still FAILED, no audit row for it.
    expect((await db.submission.findUniqueOrThrow({ where: { id } })).status).toBe("FAILED");
    expect(await db.auditEvent.count({ where: { targetId: id, action: "submission.retry" } })).toBe(10);
  });

  it("of two concurrent retries one wins, the other gets 409, and there is one audit row", async () => {
    const owner = await userWithToken("retry-race", "SUBMITTER");
    const id = await storedSubmission(owner.id);
    await fail(id);
    const results = await Promise.all([retry(id, owner.token), retry(id, owner.token)]);
    expect(results.map((r) => r.status).sort()).toEqual([202, 409]);
    expect(await db.auditEvent.count({ where: { targetId: id, action: "submission.retry" } })).toBe(1);
  });

  it("markFailed never overwrites SCORED", async () => {
    const owner = await userWithToken("mark-failed", "SUBMITTER");
    const id = await storedSubmission(owner.id);
    await db.$transaction([
      db.submission.update({ where: { id }, data: { status: "SCORED", stage: "done", scoredAt: new Date() } }),
      db.stageRun.updateMany({ where: { submissionId: id }, data: { status: "DONE" } }),
    ]);
    expect(await markFailed(id, "lexical", "a stale job's failure")).toBe(false);
    const s = await db.submission.findUniqueOrThrow({ where: { id }, include: { stages: true } });
    expect(s).toMatchObject({ status: "SCORED", failureReason: null });
    expect(s.stages.map((r) => r.status)).toEqual(["DONE", "DONE"]);
  });

  it("shows submitters a generic failure reason and admins the stored detail", async () => {
    const owner = await userWithToken("failure-owner", "SUBMITTER");
    const admin = await userWithToken("failure-admin", "ADMIN");
    const id = await storedSubmission(owner.id);
    await fail(id, DETAIL, "judge");
    const view = async (token: string) =>
      await (await submissionRoute.GET(req(`/api/v1/submissions/${id}`, { token }), ctx({ id }))).text();
    const mine = await view(owner.token);
    expect(mine).not.toContain("ECONNREFUSED");
    expect(JSON.parse(mine).failure.reason).toContain("Retry the judge stage");
    const list = await (await listRoute.GET(req("/api/v1/submissions", { token: owner.token }), ctx({}))).text();
    expect(list).not.toContain("ECONNREFUSED");
    expect(list).toContain(id);
    const theirs = JSON.parse(await view(admin.token));
    expect(theirs.failure.reason).toBe(DETAIL);
  });

  it("a split named after an Object.prototype property is 404, not 500", async () => {
    const owner = await userWithToken("proto-split", "SUBMITTER");
    const id = await storedSubmission(owner.id);
    for (const split of ["__proto__", "constructor", "toString", "hasOwnProperty"]) {
      const res = await fileRoute.GET(
        req(`/api/v1/submissions/${id}/files/${split}`, { token: owner.token }),
        ctx({ id, split }),
      );
      expect(res.status, split).toBe(404);
    }
  });
});
