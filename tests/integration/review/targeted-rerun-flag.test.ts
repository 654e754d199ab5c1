import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/server/db";
import { describeFlag, reviewFlags } from "@/lib/server/review/review-flags";
import { getReviewDetail } from "@/lib/server/review/review-detail";
import { currentScorerVersion } from "@/lib/server/versions/current-version";
import { userWithToken } from "../../support/api-helpers";

// Issue 49 point 5 on hand-built rows: an account's new submission of a method that differs from its
// previous one only where that one was judged wrong is flagged for review; a real change is not.

let userId = "";
const JUDGE = [1, 0, 0.9, 0.2]; // q1 and q3 wrong (< 0.75)
const hex = () => randomBytes(16).toString("hex");

async function submission(methodName: string, answers: string[], judge?: number[]) {
  const s = await db.submission.create({
    data: {
      userId,
      methodName,
      status: "SCORED",
      contentSha256: hex(),
      predictions: {
        create: answers.map((a, i) => ({
          split: "dyadic",
          index: i,
          questionText: `q${i}`,
          systemAnswer: a,
          originalAnswer: a,
          category: "RE",
        })),
      },
    },
  });
  if (judge) {
    const scorerVersion = await currentScorerVersion();
    await db.questionScore.createMany({
      data: judge.map((j, i) => ({ submissionId: s.id, scorerVersion, split: "dyadic", index: i, judgeScore: j })),
    });
  }
  return s.id;
}

beforeAll(async () => {
  userId = (await userWithToken("rerun", "SUBMITTER")).id;
});
afterAll(async () => {
  await db.user.delete({ where: { id: userId } });
});

describe("the targeted re-run flag", () => {
  it("fires when only the previous submission's wrong answers changed, and links that submission", async () => {
    const method = `Rerun ${hex().slice(0, 6)}`;
    const previous = await submission(method, ["a", "b", "c", "d"], JUDGE);
    // Same method: the name is compared trimmed and case-insensitively.
    const next = await submission(` ${method.toUpperCase()} `, ["a", "B!", "c", "D!"]);
    const flag = (await reviewFlags([next])).get(next)!.find((f) => f.kind === "targeted-rerun");
    expect(flag).toEqual({ kind: "targeted-rerun", previous, changed: 2, wrongBefore: 2 });
    expect(describeFlag(flag!)).toMatch(/only on 2 question\(s\) it got wrong/);
    expect((await getReviewDetail(next))?.flags).toContainEqual(flag);
    // The first submission of a method has nothing to compare with.
    expect((await reviewFlags([previous])).get(previous)!.some((f) => f.kind === "targeted-rerun")).toBe(false);
  });

  it("does not fire when a right answer changed too, or for another method", async () => {
    const method = `Rerun ${hex().slice(0, 6)}`;
    await submission(method, ["a", "b", "c", "d"], JUDGE);
    const improved = await submission(method, ["A!", "B!", "c", "D!"]);
    const other = await submission(`${method} v2`, ["a", "B!", "c", "d"]);
    const flags = await reviewFlags([improved, other]);
    for (const id of [improved, other]) expect(flags.get(id)!.some((f) => f.kind === "targeted-rerun")).toBe(false);
  });
});
