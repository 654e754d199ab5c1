// Failure profiles through the worker's lexical stage on the synthetic key (prisma/seed-data):
// stored as rows under the scorer version, read by the entry API and the board, and filled for
// submissions scored before profiles existed by the worker's backfill. Own database (it sets the
// active answer key and publishes nothing, but reads the board).
import path from "node:path";
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import * as entryRoute from "@/app/api/v1/entries/[id]/route";
import { importAnswerKey } from "@/lib/server/operations/import-answer-key";
import { db } from "@/lib/server/db";
import { logger } from "@/lib/server/logger";
import { getLeaderboard } from "@/lib/server/leaderboard/view";
import { parseLeaderboardParams } from "@/lib/server/leaderboard/params";
import { currentScorerVersion } from "@/lib/server/versions/current-version";
import { backfillFailureProfiles } from "@/workers/processors/failure-profile-backfill";
import { runLexicalStage } from "@/workers/processors/lexical";
import { metaFields } from "@/app/api/v1/submissions/read-multipart";
import { submissionMetaSchema } from "@/lib/validation/submission-meta";
import { ctx, req } from "../../support/api-helpers";
import { withIsolatedDatabase } from "../../support/isolated-db";

withIsolatedDatabase("failure-profiles");
const DATASET = path.resolve(import.meta.dirname, "../../../prisma/seed-data/dataset");
const log = logger.child({ test: "failure-profiles" });

async function entry(name: string, answer: (q: { category: string; answer: string }) => string): Promise<string> {
  const user = await db.user.upsert({
    where: { email: "profiles@test.local" },
    create: { email: "profiles@test.local" },
    update: {},
  });
  const key = await db.referenceQuestion.findMany({
    where: { version: { active: true } },
    orderBy: [{ split: "asc" }, { qid: "asc" }],
  });
  const sub = await db.submission.create({
    data: { userId: user.id, methodName: name, contentSha256: randomUUID(), status: "QUEUED", reviewState: "APPROVED" },
  });
  const index: Record<string, number> = { dyadic: 0, "multi-party": 0 };
  await db.prediction.createMany({
    data: key.map((q) => ({
      submissionId: sub.id,
      split: q.split,
      index: index[q.split]!++,
      questionText: q.questionText,
      questionImage: q.questionImage,
      systemAnswer: answer(q),
      originalAnswer: q.answer,
      category: q.category,
    })),
  });
  await runLexicalStage(sub.id, log);
  await db.submission.update({
    where: { id: sub.id },
    data: { status: "SCORED", stage: "done", scoredAt: new Date() },
  });
  return sub.id;
}

const rowsOf = async (submissionId: string) =>
  (await db.failureProfile.findMany({ where: { submissionId }, orderBy: { scope: "asc" } })).map(
    ({ createdAt: _c, ...r }) => r,
  );

describe("failure profiles", () => {
  it("the lexical stage stores them; the entry API and the board read them; the backfill rebuilds the same rows", async () => {
    await importAnswerKey(DATASET, "synthetic seed key");
    const total = await db.referenceQuestion.count({ where: { version: { active: true } } });
    const ar = await db.referenceQuestion.count({ where: { version: { active: true }, category: "AR" } });
    const refuse = await entry("Always refuses", () => "The dialogue does not mention it.");
    const perfect = await entry("Perfect", (q) => q.answer);
    const version = await currentScorerVersion();

    const stored = await rowsOf(refuse);
    expect(stored.map((r) => r.scope).sort()).toEqual([
      "ALL",
      "AR",
      "CD",
      "CRR",
      "KR",
      "MCR",
      "RET",
      "TR",
      "TTL",
      "UPR",
    ]);
    expect(stored.every((r) => r.scorerVersion === version && r.refused === r.n && r.empty === 0)).toBe(true);
    expect(stored.find((r) => r.scope === "ALL")).toMatchObject({
      n: total,
      refused: total,
      tokensMedian: 6,
      tokensP90: 6,
    });

    const res = await entryRoute.GET(req(`/api/v1/entries/${refuse}`), ctx({ id: refuse }));
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      failureProfile: Record<string, unknown> & { byCategory: Record<string, { n: number; refusalRate: number }> };
    };
    expect(body.failureProfile).toMatchObject({
      refusalRate: 1,
      overRefusalRate: 1,
      missedRefusalRate: 0,
      emptyRate: 0,
      answerTokens: { median: 6, p90: 6 },
    });
    expect(body.failureProfile.byCategory.AR).toMatchObject({ n: ar, refusalRate: 1 });

    const board = await getLeaderboard(parseLeaderboardParams({ sort: "-overRefusalRate" }), { all: true });
    expect(board.entries.map((e) => [e.methodName, e.refusalRate, e.overRefusalRate])).toEqual([
      ["Always refuses", 1, 1],
      ["Perfect", ar / total, 0],
    ]);
    expect((await getLeaderboard(parseLeaderboardParams({ sort: "refusalRate" }), { all: true })).entries[0]!.id).toBe(
      perfect,
    );

    // Self-reported efficiency: multipart fields -> method card -> `efficiency` in the entry API.
    const form = new FormData();
    for (const [k, v] of Object.entries({
      methodName: "Perfect",
      storageSecondsPerSession: "9.86",
      retrievalSecondsPerQuestion: "1.47",
      answerSecondsPerQuestion: "12.64",
      tokensPerQuestion: "850",
      hardware: "1x A100",
    }))
      form.set(k, v);
    const { methodName: _m, ...eff } = submissionMetaSchema.parse(metaFields(form));
    await db.submission.update({ where: { id: perfect }, data: eff });
    const card = (await (await entryRoute.GET(req(`/api/v1/entries/${perfect}`), ctx({ id: perfect }))).json()) as {
      efficiency: unknown;
    };
    expect(card.efficiency).toEqual({
      selfReported: true,
      storageSecondsPerSession: 9.86,
      retrievalSecondsPerQuestion: 1.47,
      answerSecondsPerQuestion: 12.64,
      tokensPerQuestion: 850,
      hardware: "1x A100",
    });
    expect(
      (
        (await (await entryRoute.GET(req(`/api/v1/entries/${refuse}`), ctx({ id: refuse }))).json()) as {
          efficiency: unknown;
        }
      ).efficiency,
    ).toBeNull();

    // Scored before profiles existed: the backfill (run by the worker at start) rebuilds the rows from stored data.
    const before = [await rowsOf(refuse), await rowsOf(perfect)];
    await db.failureProfile.deleteMany({});
    expect(await backfillFailureProfiles(log)).toEqual({ filled: 2, skipped: 0 });
    expect([await rowsOf(refuse), await rowsOf(perfect)]).toEqual(before);
    expect(await backfillFailureProfiles(log)).toEqual({ filled: 0, skipped: 0 });
  });
});
