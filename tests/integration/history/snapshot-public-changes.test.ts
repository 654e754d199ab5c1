// Issue 31: every change of the public board records a snapshot, not only decisions and publishing:
// a re-score under the published version, an edit of an entry's metadata or baseline mark, and a
// purge. Edits of a submission that is not on the board record none.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/server/db";
import { logger } from "@/lib/server/logger";
import { editMetadata, rescoreSubmission, setBaseline } from "@/lib/server/review/curate";
import { approveSubmission } from "@/lib/server/review/decide";
import { purgeSubmission } from "@/lib/server/review/purge";
import { scoreSubmissionPipeline } from "@/workers/processors/score-submission";
import { scoredSubmission, userWithToken } from "../../support/api-helpers";

type Board = { boards: Array<{ split: string; metric: string; aggregate: string; entries: Entry[] }> };
type Entry = { id: string; methodName: string; isBaseline: boolean; overall: { value: number } };
let author: Awaited<ReturnType<typeof userWithToken>>;
let admin: Awaited<ReturnType<typeof userWithToken>>;
const log = logger.child({ test: "snapshot-public-changes" });
log.level = "error";

const latest = () => db.boardSnapshot.findFirstOrThrow({ orderBy: { createdAt: "desc" } });
/** The entry as the newest snapshot holds it (overall, F1, micro). */
async function inLatest(id: string): Promise<Entry | undefined> {
  const board = JSON.parse((await latest()).boardJson) as Board;
  return board.boards
    .find((b) => b.split === "overall" && b.metric === "f1" && b.aggregate === "micro")!
    .entries.find((e) => e.id === id);
}
async function approved(stamp: string): Promise<string> {
  const id = await scoredSubmission(author.id, `${stamp}-${Date.now()}`, log);
  await approveSubmission({ submissionId: id, reviewerId: admin.id });
  return id;
}

beforeAll(async () => {
  [author, admin] = await Promise.all([
    userWithToken("snap-pc-author", "SUBMITTER"),
    userWithToken("snap-pc-admin", "ADMIN"),
  ]);
});
afterAll(async () => {
  await db.user.deleteMany({ where: { id: { in: [author?.id, admin?.id].filter(Boolean) } } });
});

describe("snapshots for every public change", () => {
  it("a metadata edit of an approved entry writes one holding the new name; of a pending one, none", async () => {
    const id = await approved("snap-meta");
    await editMetadata({ actorId: admin.id, submissionId: id, patch: { methodName: "Renamed on the board" } });
    expect((await latest()).reason).toBe("metadata");
    expect(await inLatest(id)).toMatchObject({ methodName: "Renamed on the board" });

    const before = await db.boardSnapshot.count();
    const pending = await scoredSubmission(author.id, `snap-meta-p-${Date.now()}`, log);
    await editMetadata({ actorId: admin.id, submissionId: pending, patch: { methodName: "Not public" } });
    await setBaseline({ actorId: admin.id, submissionId: pending, isBaseline: true });
    expect(await db.boardSnapshot.count()).toBe(before);
  });

  it("marking an approved entry as a baseline writes one", async () => {
    const id = await approved("snap-base");
    await setBaseline({ actorId: admin.id, submissionId: id, isBaseline: true, reason: "the paper's system" });
    expect((await latest()).reason).toBe("baseline");
    expect(await inLatest(id)).toMatchObject({ isBaseline: true });
  });

  it("a re-score of an approved entry under the published version writes one with its new numbers", async () => {
    const id = await approved("snap-rescore");
    const old = (await inLatest(id))!.overall.value;
    // The stored answers change underneath (as a scorer fix would change the result), then an admin re-scores.
    const changed = await db.prediction.updateMany({
      where: { submissionId: id },
      data: { systemAnswer: "Not mentioned in the conversation." },
    });
    expect(changed.count).toBeGreaterThan(0);
    const actor = await db.user.findUniqueOrThrow({
      where: { id: admin.id },
      select: { id: true, email: true, name: true, role: true },
    });
    await rescoreSubmission({ submissionId: id, stage: "both", actor });
    expect(await scoreSubmissionPipeline(id, log)).toBe("scored");
    expect((await latest()).reason).toBe("rescore");
    const now = (await inLatest(id))!.overall.value;
    expect(now).not.toBe(old);
  });

  it("purging an approved entry writes one without it", async () => {
    const id = await approved("snap-purge");
    expect(await inLatest(id)).toBeDefined();
    await purgeSubmission({ submissionId: id, reason: "data-protection request #1234" });
    expect((await latest()).reason).toBe("purge");
    expect(await inLatest(id)).toBeUndefined();
  });
});
