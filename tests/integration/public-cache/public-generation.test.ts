import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/server/db";
import { approveSubmission, withdrawSubmission } from "@/lib/server/review/decide";
import { insertScoreRows } from "@/lib/server/scores/score-rows";
import { upsertJudgeQuestionScores } from "@/lib/server/scores/question-scores";
import { replaceFailureProfile } from "@/lib/server/scores/failure-profiles";
import { replaceEvidenceReport } from "@/lib/server/scores/evidence-reports";
import { evidenceReport } from "@/lib/scoring";
import { writeBoardSnapshot } from "@/lib/server/history/snapshots";
import { publicGeneration } from "@/lib/server/public-cache/generation";
import { openDispute } from "@/lib/server/disputes/open-dispute";
import { replyToDispute } from "@/lib/server/disputes/thread-actions";
import { withIsolatedDatabase } from "../../support/isolated-db";

// The triggers of prisma/migrations/20261207180300_public_generation: every table they watch has a
// case here that writes it the way the app does (its writer where one exists) and sees the
// generation move; a watched table without a case fails the last test.
withIsolatedDatabase("public-generation");

const V = "v-public-generation";
let n = 0;
let userId = "";

async function submission(reviewState: "PENDING" | "APPROVED", status: "SCORED" | "JUDGING" = "SCORED") {
  const s = await db.submission.create({
    data: { userId, methodName: `Gen ${++n}`, status, reviewState, contentSha256: `gen-${n}` },
  });
  await db.prediction.create({
    data: {
      ...{ submissionId: s.id, split: "dyadic", index: 0, questionText: "q", systemAnswer: "a" },
      ...{ originalAnswer: "a", category: "UPR" },
    },
  });
  return s.id;
}

/** Runs a write and says whether it moved the public generation. */
async function moves(write: () => Promise<unknown>): Promise<boolean> {
  const before = await publicGeneration();
  await write();
  return (await publicGeneration()) > before;
}

const key = () =>
  db.answerKeyVersion.create({ data: { label: `k${++n}`, contentSha256: `key-${n}`, questionCount: 1 } });
const SCORE_ROW = {
  split: "overall",
  scope: "ALL",
  metric: "f1",
  aggregate: "micro",
  value: 0.5,
  ciLow: 0,
  ciHigh: 1,
  n: 1,
} as const;
const EVIDENCE = evidenceReport([
  { split: "dyadic", category: "UPR", qid: "q", gold: 1, retrieved: ["session1"], f1: 1, judge: 1 },
]);
const PROFILE = {
  scope: "ALL",
  n: 1,
  refused: 0,
  empty: 0,
  tokensMedian: 3,
  tokensP90: 3,
  recallPrecisionGap: 0,
} as const;
const run = { model: "m", promptVersion: "p", sample: 1, seed: 1 };

const CASES: Record<string, () => Promise<unknown>> = {
  // Without the outbox's snapshot, which moves it too: the Submission row alone.
  Submission: async () =>
    db.submission.update({ where: { id: await submission("APPROVED") }, data: { methodName: "Renamed" } }),
  Score: async () => {
    const id = await submission("APPROVED");
    await db.$transaction((tx) => insertScoreRows(tx, id, V, [SCORE_ROW]));
  },
  QuestionScore: async () => {
    const id = await submission("APPROVED");
    const p = await db.prediction.findFirstOrThrow({ where: { submissionId: id } });
    await db.$transaction((tx) =>
      upsertJudgeQuestionScores(tx, id, V, [{ predictionId: p.id, score: 1, reasoning: "ok" }]),
    );
  },
  FailureProfile: async () => {
    const id = await submission("APPROVED");
    await db.$transaction((tx) => replaceFailureProfile(tx, id, V, [PROFILE]));
  },
  EvidenceReport: async () => {
    const id = await submission("APPROVED");
    await db.$transaction((tx) => replaceEvidenceReport(tx, id, V, EVIDENCE));
  },
  Prediction: async () => {
    const id = await submission("APPROVED");
    await db.prediction.updateMany({ where: { submissionId: id }, data: { answerDiffers: true } });
  },
  SubmissionFile: async () => {
    const id = await submission("APPROVED");
    const file = { split: "dyadic", fileName: "d.json", sha256: "s", size: 2, content: Buffer.from("[]") };
    await db.submissionFile.create({ data: { submissionId: id, ...file } });
  },
  AnswerKeyVersion: async () => db.answerKeyVersion.update({ where: { id: (await key()).id }, data: { active: true } }),
  ReferenceQuestion: async () => {
    const { id } = await key();
    const q = { qid: "dyadic/dialogue1/session1/0", split: "dyadic", dialogue: 1, session: 1, index: 0 };
    await db.referenceQuestion.create({
      data: { versionId: id, ...q, questionText: "q", category: "UPR", mainType: "U", difficulty: "easy", answer: "a" },
    });
  },
  Setting: () => db.setting.create({ data: { key: "published_scorer_version", value: V } }),
  BoardSnapshot: async () => expect(await writeBoardSnapshot("approve")).not.toBeNull(),
  ReferenceScore: async () => {
    const { id } = await key();
    const cell = { split: "overall", scope: "ALL", metric: "f1", aggregate: "micro", value: 0, n: 1 };
    await db.referenceScore.create({ data: { kind: "empty", scorerVersion: V, answerKeyVersionId: id, ...cell } });
  },
  // After BoardSnapshot's case (in this order), so the snapshot exists and only the DOI is written here.
  SnapshotDoi: async () => {
    const { id } = await db.boardSnapshot.findFirstOrThrow({ orderBy: { createdAt: "desc" } });
    await db.snapshotDoi.create({ data: { snapshotId: id, doi: "10.5281/zenodo.1" } });
  },
  JudgeCalibrationRun: () => db.judgeCalibrationRun.create({ data: { role: "primary", keySha256: "k", ...run } }),
  JudgeAgreementRun: async () =>
    db.judgeAgreementRun.create({ data: { submissionId: await submission("APPROVED"), sample: 1, seed: 1 } }),
  Dispute: async () => dispute(),
  // The reply alone moves it too (opening the dispute did already).
  DisputeReply: async () => {
    const [entryId, disputeId] = await dispute();
    const owner = { id: userId, email: "gen@test.local", name: null, role: "ADMIN" as const };
    const reply = () => replyToDispute({ entryId, disputeId, actor: owner, body: { body: "Our answer." } });
    expect(await moves(reply)).toBe(true);
  },
  // Reports of gold answers are public with their state on the question pages (issue 50).
  GoldReport: () =>
    db.goldReport.create({
      data: { qid: "dyadic/dialogue1/session1/0", goldAnswer: "a", kind: "WRONG", proposedAnswer: "b", reason: "why" },
    }),
};

/** A dispute opened on an approved entry by another, verified account: [entry id, dispute id]. */
async function dispute(): Promise<[string, string]> {
  const entryId = await submission("APPROVED");
  const u = await db.user.create({ data: { email: `opener${++n}@test.local`, emailVerified: new Date() } });
  const actor = { id: u.id, email: u.email, name: null, role: "SUBMITTER" as const };
  const body = { type: "judge_issue", statement: "The judge accepts empty answers." };
  return [entryId, await openDispute({ entryId, actor, body })];
}

beforeAll(async () => {
  userId = (await db.user.create({ data: { email: "gen@test.local", role: "ADMIN" } })).id;
});

describe("the public generation", () => {
  for (const [table, write] of Object.entries(CASES)) {
    it(`moves when ${table} changes`, async () => {
      expect(await moves(write)).toBe(true);
    });
  }

  it("moves when an entry is approved or withdrawn, not when a pending upload is scored or fails", async () => {
    const approved = await submission("PENDING");
    expect(await moves(() => approveSubmission({ submissionId: approved, reviewerId: userId }))).toBe(true);
    expect(await moves(() => withdrawSubmission({ submissionId: approved, userId, reason: "superseded" }))).toBe(true);
    const pending = await submission("PENDING", "JUDGING");
    expect(
      await moves(async () => {
        await db.submission.update({ where: { id: pending }, data: { progressDone: 5, progressTotal: 9 } });
        await workerWrites(pending);
        await db.submission.update({ where: { id: pending }, data: { status: "FAILED", failureReason: "x" } });
      }),
    ).toBe(false);
  });

  it("does not move for a write that rolls back", async () => {
    // Started and caught in one expression: a rejection with no handler yet fails the run.
    const write = () =>
      db
        .$transaction(async (tx) => {
          await tx.setting.create({ data: { key: "rolled-back", value: "1" } });
          throw new Error("rollback");
        })
        .catch((e: Error) => expect(e.message).toBe("rollback"));
    expect(await moves(write)).toBe(false);
  });

  it("is watched on exactly the tables with a case here", async () => {
    const rows = await db.$queryRaw<Array<{ table: string }>>`
      SELECT DISTINCT c.relname AS table FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
      WHERE t.tgname LIKE 'public_generation%' ORDER BY 1`;
    expect(rows.map((r) => r.table)).toEqual(Object.keys(CASES).sort());
  });
});

/** The worker's writes for one submission: scores, per-question scores, a failure profile, evidence. */
async function workerWrites(id: string): Promise<void> {
  const p = await db.prediction.findFirstOrThrow({ where: { submissionId: id } });
  await db.$transaction(async (tx) => {
    await insertScoreRows(tx, id, V, [SCORE_ROW]);
    await upsertJudgeQuestionScores(tx, id, V, [{ predictionId: p.id, score: 1, reasoning: "ok" }]);
    await replaceFailureProfile(tx, id, V, [PROFILE]);
    await replaceEvidenceReport(tx, id, V, EVIDENCE);
  });
}
