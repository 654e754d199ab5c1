import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as approveRoute from "@/app/api/v1/admin/submissions/[id]/approve/route";
import * as rescoreRoute from "@/app/api/v1/admin/submissions/[id]/rescore/route";
import * as retryRoute from "@/app/api/v1/submissions/[id]/retry/route";
import { db } from "@/lib/server/db";
import { logger } from "@/lib/server/logger";
import { withdrawSubmission } from "@/lib/server/review/decide";
import { createSubmission } from "@/lib/server/submissions/create-submission";
import { scoreSubmissionPipeline } from "@/workers/processors/score-submission";
import { ctx, fixtureBlob, req, userWithToken } from "../../support/api-helpers";

// Review decisions, withdraw, retry and rescore: who may do what, and that each leaves an audit event.

let author: Awaited<ReturnType<typeof userWithToken>>;
let admin: Awaited<ReturnType<typeof userWithToken>>;
let n = 0;

async function scoredSubmission(): Promise<string> {
  const stamp = `review-${Date.now()}-${n++}`;
  const bytes = async (rel: string) => new Uint8Array(await fixtureBlob(rel, stamp).arrayBuffer());
  const files = {
    dyadic: { fileName: "prediction_dyadic.json", bytes: await bytes("good/prediction_dyadic.json") },
    multiparty: { fileName: "prediction_multiparty.json", bytes: await bytes("good/prediction_multiparty.json") },
  };
  const { id } = await createSubmission({ userId: author.id, files, meta: { methodName: stamp }, enqueue: false });
  expect(await scoreSubmissionPipeline(id, logger.child({ test: "api-review" }))).toBe("scored");
  return id;
}

const actions = async (id: string) =>
  (await db.auditEvent.findMany({ where: { targetId: id }, orderBy: { createdAt: "asc" } })).map((e) => e.action);
const post = (
  route: { POST: (r: Request, c: { params: Promise<{ id: string }> }) => Promise<Response> },
  id: string,
  token: string,
  body?: unknown,
) =>
  route.POST(
    req("/x", { method: "POST", token, body: body === undefined ? undefined : JSON.stringify(body) }),
    ctx({ id }),
  );

beforeAll(async () => {
  author = await userWithToken("review-author", "SUBMITTER");
  admin = await userWithToken("review-admin", "ADMIN");
  // The test database may have used the author's quota in other files; this user is fresh.
});
afterAll(async () => {
  await db.user.deleteMany({ where: { id: { in: [author?.id, admin?.id].filter(Boolean) } } });
});

describe("review workflow", () => {
  it("two concurrent approvals: exactly one wins, one audit event", async () => {
    const id = await scoredSubmission();
    const [a, b] = await Promise.all([post(approveRoute, id, admin.token), post(approveRoute, id, admin.token)]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect(await actions(id)).toEqual(["submission.approve"]);
  });

  it("owner withdraws a pending submission once; others cannot", async () => {
    const id = await scoredSubmission();
    await expect(withdrawSubmission({ submissionId: id, userId: admin.id })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(withdrawSubmission({ submissionId: id, userId: author.id })).resolves.toMatchObject({
      reviewState: "WITHDRAWN",
    });
    await expect(withdrawSubmission({ submissionId: id, userId: author.id })).rejects.toMatchObject({
      code: "CONFLICT",
    });
    expect((await post(approveRoute, id, admin.token)).status).toBe(409);
    expect(await actions(id)).toEqual(["submission.withdraw"]);
  });

  it("rescore is admin-only, requeues the submission and is audited", async () => {
    const id = await scoredSubmission();
    expect((await post(rescoreRoute, id, author.token)).status).toBe(403);
    const r = await post(rescoreRoute, id, admin.token);
    expect(r.status).toBe(202);
    expect((await db.submission.findUniqueOrThrow({ where: { id } })).status).toBe("QUEUED");
    expect(await actions(id)).toEqual(["submission.rescore"]);
    expect(await scoreSubmissionPipeline(id, logger.child({ test: "api-review" }))).toBe("scored");
  });

  it("owner retries only a failed stage", async () => {
    const id = await scoredSubmission();
    expect((await post(retryRoute, id, author.token, { stage: "lexical" })).status).toBe(409);
    expect((await post(retryRoute, id, author.token, { stage: "bogus" })).status).toBe(422);
    await db.submission.update({
      where: { id },
      data: { status: "FAILED", failureStage: "judge", failureReason: "judge unreachable" },
    });
    const r = await post(retryRoute, id, author.token, { stage: "judge" });
    expect(r.status).toBe(202);
    const s = await db.submission.findUniqueOrThrow({ where: { id } });
    expect(s).toMatchObject({ status: "QUEUED", failureReason: null });
    expect(await actions(id)).toEqual(["submission.retry"]);
  });
});
