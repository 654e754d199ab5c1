import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/server/db";
import {
  bulkReview,
  editMetadata,
  rescoreSubmission,
  setBaseline,
  unpublishSubmission,
} from "@/lib/server/review/curate";
import { retrySubmissionStage } from "@/lib/server/submissions/retry-submission";
import { withdrawSubmission } from "@/lib/server/review/decide";
import { setUserRole } from "@/lib/server/auth/set-role";
import { listAuditEvents } from "@/lib/server/audit";
import { getReviewDetail } from "@/lib/server/review/review-detail";
import { currentScorerVersion } from "@/lib/server/versions/current-version";
import * as entryRoute from "@/app/api/v1/entries/[id]/route";
import { ctx, req, userWithToken } from "../../support/api-helpers";

// Admin decisions as the server actions call them: each changes exactly what it says, is
// refused to non-admins, and leaves one append-only audit event with who, what, when and why.

type U = Awaited<ReturnType<typeof userWithToken>>;
let author: U, other: U, admin: U;
const asActor = (u: U, role: "SUBMITTER" | "ADMIN") => ({ id: u.id, email: u.email, name: null, role });

async function sub(
  userId: string,
  data: Partial<{ status: "SCORED" | "FAILED"; reviewState: "PENDING" | "APPROVED"; sha: string }> = {},
) {
  return db.submission.create({
    data: {
      userId,
      methodName: `decisions-${randomBytes(4).toString("hex")}`,
      status: data.status ?? "SCORED",
      reviewState: data.reviewState ?? "PENDING",
      contentSha256: randomBytes(32).toString("hex"),
      files: {
        create: {
          split: "dyadic",
          fileName: "prediction_dyadic.json",
          sha256: data.sha ?? randomBytes(32).toString("hex"),
          size: 2,
          content: new Uint8Array([123, 125]),
        },
      },
    },
  });
}
const trail = async (id: string) =>
  (await listAuditEvents({ targetId: id })).map((e) => ({ action: e.action, actor: e.actor, details: e.details }));

beforeAll(async () => {
  author = await userWithToken("dec-author", "SUBMITTER");
  other = await userWithToken("dec-other", "SUBMITTER");
  admin = await userWithToken("dec-admin", "ADMIN");
});
afterAll(async () => {
  await db.user.deleteMany({ where: { id: { in: [author?.id, other?.id, admin?.id].filter(Boolean) } } });
});

describe("decisions", () => {
  it("unpublishes an approved entry with a public note, once", async () => {
    const s = await sub(author.id, { reviewState: "APPROVED" });
    await expect(unpublishSubmission({ submissionId: s.id, actorId: admin.id, note: "x" })).rejects.toThrow();
    await unpublishSubmission({ submissionId: s.id, actorId: admin.id, note: "Duplicate of an earlier entry" });
    expect(await db.submission.findUniqueOrThrow({ where: { id: s.id } })).toMatchObject({
      reviewState: "REJECTED",
      reviewReason: "Duplicate of an earlier entry",
      publicNote: "Duplicate of an earlier entry",
    });
    // Its permanent link now says why it is gone (410), through the public API too.
    const gone = await entryRoute.GET(req(`/api/v1/entries/${s.id}`), ctx({ id: s.id }));
    expect(gone.status).toBe(410);
    expect(((await gone.json()) as { error: { message: string } }).error.message).toBe(
      "This entry was removed from the leaderboard: Duplicate of an earlier entry",
    );
    await expect(
      unpublishSubmission({ submissionId: s.id, actorId: admin.id, note: "again please" }),
    ).rejects.toMatchObject({ code: "CONFLICT" });
    expect(await trail(s.id)).toEqual([
      {
        action: "submission.unpublish",
        actor: admin.email,
        details: { note: "Duplicate of an earlier entry", public: true },
      },
    ]);
  });

  it("marks and unmarks a baseline", async () => {
    const s = await sub(author.id, { reviewState: "APPROVED" });
    await setBaseline({ submissionId: s.id, actorId: admin.id, isBaseline: true, reason: "official" });
    await expect(setBaseline({ submissionId: s.id, actorId: admin.id, isBaseline: true })).rejects.toMatchObject({
      code: "CONFLICT",
    });
    await setBaseline({ submissionId: s.id, actorId: admin.id, isBaseline: false });
    expect((await db.submission.findUniqueOrThrow({ where: { id: s.id } })).isBaseline).toBe(false);
    expect((await trail(s.id)).map((e) => e.action)).toEqual([
      "submission.baseline.unmark",
      "submission.baseline.mark",
    ]);
  });

  it("edits display metadata without touching scores or review state", async () => {
    const s = await sub(author.id, { reviewState: "APPROVED" });
    await db.score.create({
      data: {
        submissionId: s.id,
        scorerVersion: await currentScorerVersion(),
        split: "overall",
        scope: "ALL",
        metric: "f1",
        aggregate: "micro",
        value: 0.42,
        n: 10,
      },
    });
    await expect(
      editMetadata({ submissionId: s.id, actorId: admin.id, patch: { paperUrl: "javascript:alert(1)" } }),
    ).rejects.toThrow();
    await expect(
      editMetadata({ submissionId: s.id, actorId: admin.id, patch: { status: "FAILED" } as never }),
    ).rejects.toThrow();
    await editMetadata({
      submissionId: s.id,
      actorId: admin.id,
      patch: { methodName: "Fixed Typo", organization: "Lab", codeUrl: "https://example.org/code", reason: "typo" },
    });
    const after = await db.submission.findUniqueOrThrow({ where: { id: s.id }, include: { scores: true } });
    expect(after).toMatchObject({
      methodName: "Fixed Typo",
      organization: "Lab",
      codeUrl: "https://example.org/code",
      reviewState: "APPROVED",
      status: "SCORED",
    });
    expect(after.scores.map((r) => r.value)).toEqual([0.42]);
    const [e] = await trail(s.id);
    expect(e).toMatchObject({
      action: "submission.metadata",
      details: {
        before: { methodName: s.methodName, organization: null },
        after: { methodName: "Fixed Typo" },
        reason: "typo",
      },
    });
  });

  it("rescore: admin only, judge-only needs finished lexical results", async () => {
    const s = await sub(author.id);
    await expect(
      rescoreSubmission({ submissionId: s.id, stage: "both", actor: asActor(author, "SUBMITTER") }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(
      rescoreSubmission({ submissionId: s.id, stage: "judge", actor: asActor(admin, "ADMIN") }),
    ).rejects.toMatchObject({ code: "CONFLICT" });
    await expect(
      rescoreSubmission({ submissionId: s.id, stage: "lexical", actor: asActor(admin, "ADMIN") }),
    ).resolves.toMatchObject({ status: "QUEUED" });
    expect(await trail(s.id)).toEqual([
      { action: "submission.rescore", actor: admin.email, details: expect.objectContaining({ stage: "lexical" }) },
    ]);
  });

  it("bulk approve/reject decides each id on its own, with one audit event each", async () => {
    const [a, b, c] = [await sub(author.id), await sub(author.id), await sub(author.id, { status: "FAILED" })];
    await expect(bulkReview({ actorId: admin.id, ids: [a.id], decision: "reject" })).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
    });
    const res = await bulkReview({ actorId: admin.id, ids: [a.id, b.id, c.id, a.id], decision: "approve" });
    expect(res.results.map((r) => r.ok)).toEqual([true, true, false]);
    const rej = await bulkReview({ actorId: admin.id, ids: [c.id], decision: "reject", reason: "failed to score" });
    expect(rej.results).toEqual([{ id: c.id, ok: true }]);
    expect((await trail(a.id)).map((e) => e.action)).toEqual(["submission.approve"]);
    expect(await trail(c.id)).toEqual([
      { action: "submission.reject", actor: admin.email, details: { reason: "failed to score" } },
    ]);
  });

  it("promotes a user, refuses self-demotion, audits", async () => {
    const victim = await userWithToken("dec-victim", "SUBMITTER");
    await setUserRole({ actorId: admin.id, userId: victim.id, role: "ADMIN", reason: "new maintainer" });
    expect((await db.user.findUniqueOrThrow({ where: { id: victim.id } })).role).toBe("ADMIN");
    await expect(setUserRole({ actorId: admin.id, userId: admin.id, role: "SUBMITTER" })).rejects.toMatchObject({
      code: "CONFLICT",
    });
    expect(await trail(victim.id)).toEqual([
      {
        action: "user.role",
        actor: admin.email,
        details: { from: "SUBMITTER", to: "ADMIN", reason: "new maintainer" },
      },
    ]);
    await db.user.delete({ where: { id: victim.id } });
  });

  it("the guards the submitter-facing actions rely on: no cross-account retry or withdraw", async () => {
    const s = await sub(author.id, { status: "FAILED" });
    await expect(
      retrySubmissionStage({
        submissionId: s.id,
        stage: "lexical",
        actor: asActor(other, "SUBMITTER"),
        action: "retry",
      }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(
      retrySubmissionStage({
        submissionId: s.id,
        stage: "lexical",
        actor: asActor(author, "SUBMITTER"),
        action: "rescore",
      }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(withdrawSubmission({ submissionId: s.id, userId: other.id })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    expect(await trail(s.id)).toEqual([]);
  });

  it("audit filter by action prefix, actor and target; the review detail lists the trail", async () => {
    const s = await sub(author.id);
    await bulkReview({ actorId: admin.id, ids: [s.id], decision: "approve" });
    expect(
      (await listAuditEvents({ action: "submission.app", actor: admin.email.toUpperCase() })).map((e) => e.targetId),
    ).toContain(s.id);
    expect(await listAuditEvents({ action: "user.", targetId: s.id })).toEqual([]);
    const d = await getReviewDetail(s.id);
    expect(d.audit.map((e) => e.action)).toEqual(["submission.approve"]);
    expect(d.submitter).toBe(author.email);
  });
});
