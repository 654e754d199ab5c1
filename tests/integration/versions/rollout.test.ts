// A judge rollout end to end, through the real BullMQ worker and a fake OpenAI-compatible judge:
// entries scored and approved under judge model A, the board pinned to that version, the
// deployment switched to model B, "re-judge all" producing new rows under B's version while the
// board keeps showing A, the rank preview, then the publish. Own database (it re-scores every
// approved entry).
import { describe, expect, it } from "vitest";
import { db } from "@/lib/server/db";
import { rescorePreview } from "@/lib/server/operations/rank-diff-preview";
import { publishScorerVersion, rejudgeAllApproved } from "@/lib/server/operations/rollout";
import { calibrateCurrentJudge } from "../../support/calibrate";
import { publishedScorerVersion } from "@/lib/server/versions/published-version";
import { rankedBoard } from "@/lib/server/leaderboard/ranked-board";
import { scorerVersionStatus } from "@/lib/server/versions/version-status";
import { currentScorerVersion } from "@/lib/server/versions/current-version";
import { setEnv, waitForStatus } from "../../support/pipeline-helpers";
import { approvedEntries, withJudgeRollout } from "../../support/rollout-helpers";

const h = withJudgeRollout("rollout", { dyadic: 40, multiParty: 10 }, 404);

const judgeBoard = () => rankedBoard({ split: "overall", metric: "judge", aggregate: "micro" });

describe("rolling out a new judge model", () => {
  it("re-judges approved entries under the new version, previews, and publishes it", async () => {
    const ids = await approvedEntries(h, [0.8, 0.4], 31);
    const { admin, fake } = h;
    const va = await currentScorerVersion();
    expect(va).toMatch(/\+judge=judge-a@/);
    expect((await judgeBoard()).entries.map((e) => e.id).sort()).toEqual([...ids].sort());
    // Pin the board to A before the deployment changes (allowed while nothing is published).
    await publishScorerVersion({ actor: admin, version: va });

    await setEnv({ JUDGE_MODEL: "judge-b" });
    const vb = await currentScorerVersion();
    expect(vb).toMatch(/\+judge=judge-b@/);
    expect(await publishedScorerVersion()).toBe(va);
    expect((await scorerVersionStatus()).current).toMatchObject({ version: vb, approved: 2, scored: 0 });

    const callsBefore = fake.requests;
    const run = await rejudgeAllApproved({ actor: admin });
    expect(run.enqueued.sort()).toEqual([...ids].sort());
    // While they are re-judged the public board still shows both under A.
    const during = await judgeBoard();
    expect([during.scorerVersion, during.entries.length]).toEqual([va, 2]);
    for (const id of ids) expect((await waitForStatus(id, ["SCORED", "FAILED"], 90_000)).status).toBe("SCORED");

    // New rows under B (lexical and judge); A's rows are kept; B's judge was really asked.
    for (const id of ids) {
      for (const v of [va, vb])
        expect(
          await db.score.count({
            where: {
              submissionId: id,
              scorerVersion: v,
              metric: { in: ["judge", "f1"] },
              scope: "ALL",
              split: "overall",
              aggregate: "micro",
            },
          }),
        ).toBe(2);
    }
    expect(fake.requests).toBeGreaterThan(callsBefore);
    expect(fake.log.slice(-1)[0]!.model).toBe("judge-b");
    expect(await rejudgeAllApproved({ actor: admin })).toMatchObject({ enqueued: [], inProgress: [], scored: 2 });
    expect((await scorerVersionStatus()).current).toMatchObject({ scored: 2, approved: 2, inProgress: 0 });

    const preview = await rescorePreview({ from: va, to: vb, metric: "judge" });
    expect(preview.map((r) => r.id).sort()).toEqual([...ids].sort());
    expect(preview.every((r) => r.from && r.to && r.move !== null)).toBe(true);
    expect((await judgeBoard()).scorerVersion).toBe(va);

    // The bridge: judge B goes public only with its judge card.
    await expect(publishScorerVersion({ actor: admin, version: vb })).rejects.toMatchObject({
      code: "CONFLICT",
      message: expect.stringContaining("no judge card"),
    });
    await calibrateCurrentJudge();
    await publishScorerVersion({ actor: admin, version: vb });
    const after = await judgeBoard();
    expect(after.scorerVersion).toBe(vb);
    expect(after.entries.map((e) => e.id).sort()).toEqual([...ids].sort());
    const trail = await db.auditEvent.findMany({ where: { action: "scorer.publish" }, orderBy: { createdAt: "asc" } });
    expect(trail.map((t) => [(t.details as { from: string }).from, (t.details as { to: string }).to])).toEqual([
      [va, va],
      [va, vb],
    ]);
  });
});
