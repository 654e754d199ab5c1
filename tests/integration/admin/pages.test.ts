import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/server/db";
import { getAnswerKeyOverview } from "@/lib/server/answer-key/overview";
import { getOperations } from "@/lib/server/metrics/operations-view";
import { listUsers } from "@/lib/server/auth/list-users";
import { listForReview } from "@/lib/server/review/review-queue";
import { migrate } from "@/lib/server/migrate";
import { userWithToken } from "../../support/api-helpers";
import { MIGRATIONS, pointAppAt } from "../../support/backup-helpers";
import { tempDatabase, testDatabaseUrl, type TempDb } from "../../support/temp-db";

// Data behind /admin/operations, /admin/answer-key and /admin/users, on rows made here.

let user: Awaited<ReturnType<typeof userWithToken>>;
const hex = () => randomBytes(32).toString("hex");
const made: string[] = [];

beforeAll(async () => {
  user = await userWithToken("pages-user", "SUBMITTER");
});
afterAll(async () => {
  await db.user.deleteMany({ where: { id: user?.id } });
  await db.answerKeyVersion.deleteMany({ where: { id: { in: made } } });
});

describe("operations", () => {
  // A database of its own: the timings cover every finished run of the last day, so the other
  // test files' runs would move the median (StageRun.stage is the enum Stage: no private name).
  let scratch: TempDb;
  let original = "";
  beforeAll(async () => {
    original = testDatabaseUrl();
    scratch = await tempDatabase("ops");
    await migrate({ connectionString: scratch.url, dir: MIGRATIONS, log: () => undefined });
    await pointAppAt(scratch.url);
  });
  afterAll(async () => {
    await pointAppAt(original);
    await scratch?.drop();
  });

  it("median and p95 per stage over the last day, failures with reasons, running stages, queue counts", async () => {
    const now = Date.now();
    const owner = await db.user.create({ data: { email: "ops@example.org" } });
    const s = await db.submission.create({
      data: {
        userId: owner.id,
        methodName: "ops",
        status: "FAILED",
        failureStage: "judge",
        failureReason: "judge timed out",
        contentSha256: hex(),
      },
    });
    expect((await getOperations()).timings).toEqual([]);
    // 20 runs of 1..20 s: median 10.5 s, p95 19.05 s (linear interpolation, as percentile_cont).
    for (let i = 1; i <= 20; i++) {
      const sub =
        i === 1
          ? s
          : await db.submission.create({
              data: { userId: owner.id, methodName: `ops-${i}`, status: "SCORED", contentSha256: hex() },
            });
      await db.stageRun.create({
        data: {
          submissionId: sub.id,
          stage: "judge",
          status: "DONE",
          startedAt: new Date(now - 60_000 - i * 1000),
          finishedAt: new Date(now - 60_000),
        },
      });
    }
    await db.stageRun.create({
      data: { submissionId: s.id, stage: "lexical", status: "RUNNING", startedAt: new Date(), done: 3, total: 10 },
    });
    const o = await getOperations();
    expect(o.timings).toEqual([{ stage: "judge", runs: 20, medianMs: 10_500, p95Ms: 19_050 }]);
    expect(o.failed.find((f) => f.id === s.id)).toMatchObject({
      failureStage: "judge",
      failureReason: "judge timed out",
      submitter: owner.email,
    });
    expect(o.running.find((r) => r.submissionId === s.id)).toMatchObject({ stage: "lexical", done: 3, total: 10 });
    expect(o.byStatus.FAILED).toBe(1);
    if (o.queue.ok) expect(o.queue.counts).toHaveProperty("waiting");
  });
});

describe("answer key overview", () => {
  it("counts per split and category of the active key; entries under an older key are listed", async () => {
    const prev = await db.answerKeyVersion.findFirst({ where: { active: true } });
    const old = await db.answerKeyVersion.create({
      data: { label: "old-key", contentSha256: hex(), questionCount: 0 },
    });
    const next = await db.answerKeyVersion.create({
      data: {
        label: "new-key",
        contentSha256: hex(),
        questionCount: 3,
        questions: {
          create: [
            ["dyadic", "UPR"],
            ["dyadic", "UPR"],
            ["multi-party", "CRR"],
          ].map(([split, category], i) => ({
            qid: `${split}/dialogue1/session1/${i}`,
            split: split!,
            dialogue: 1,
            session: 1,
            index: i,
            questionText: "q",
            category: category!,
            mainType: "RECALL",
            difficulty: "easy",
            answer: "secret-answer",
            evidenceSession: i === 0 ? null : 1,
          })),
        },
      },
    });
    made.push(old.id, next.id);
    const stale = await db.submission.create({
      data: {
        userId: user.id,
        methodName: "stale",
        status: "SCORED",
        answerKeyVersionId: old.id,
        contentSha256: hex(),
      },
    });
    try {
      await db.$transaction([
        db.answerKeyVersion.updateMany({ data: { active: false } }),
        db.answerKeyVersion.update({ where: { id: next.id }, data: { active: true } }),
      ]);
      const o = await getAnswerKeyOverview();
      expect(o.active).toMatchObject({ id: next.id, perSplit: { dyadic: 2, "multi-party": 1 } });
      expect(o.active!.perCategory).toEqual([
        { split: "dyadic", category: "UPR", n: 2, withEvidence: 1 },
        { split: "multi-party", category: "CRR", n: 1, withEvidence: 1 },
      ]);
      expect(o.staleEntries.map((e) => e.id)).toContain(stale.id);
      expect(JSON.stringify(o)).not.toContain("secret-answer");
      expect((await listForReview("pending")).find((x) => x.id === stale.id)?.staleKey).toBe(true);
    } finally {
      await db.answerKeyVersion.updateMany({ where: { id: { in: made } }, data: { active: false } });
      if (prev) await db.answerKeyVersion.update({ where: { id: prev.id }, data: { active: true } });
    }
  });
});

describe("users", () => {
  it("lists accounts with role and submission count, never password hashes", async () => {
    const rows = await listUsers({ q: user.email });
    expect(rows).toEqual([
      expect.objectContaining({ id: user.id, role: "SUBMITTER", submissions: expect.any(Number) }),
    ]);
    expect(JSON.stringify(rows)).not.toContain("$2");
  });
});
