// The status page's queue position comes from Postgres, FIFO by creation time.
import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/server/db";
import { getSubmissionForViewer } from "@/lib/server/submissions/submission-views";
import { freshUser } from "../../support/pipeline-helpers";

const created: string[] = [];

afterAll(async () => {
  await db.submission.deleteMany({ where: { id: { in: created } } });
});

describe("queue position", () => {
  it("counts waiting submissions ahead, FIFO, and disappears once scoring starts", async () => {
    const user = await freshUser();
    const viewer = { id: user.id, email: user.email, role: "SUBMITTER" as const, name: null };
    const base = Date.now() + 60_000; // after anything other tests left waiting
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const s = await db.submission.create({
        data: {
          userId: user.id,
          methodName: `queued ${i}`,
          contentSha256: `qp-${base}-${i}`,
          status: "QUEUED",
          createdAt: new Date(base + i * 1000),
        },
      });
      ids.push(s.id);
      created.push(s.id);
    }
    const positions = async () =>
      Promise.all(ids.map(async (id) => (await getSubmissionForViewer(id, viewer)).queuePosition));
    const [p0, p1, p2] = await positions();
    expect(p0).toBeGreaterThanOrEqual(1);
    expect([p1, p2]).toEqual([p0! + 1, p0! + 2]);

    await db.submission.update({ where: { id: ids[0] }, data: { status: "SCORING_LEXICAL" } });
    const after = await positions();
    expect(after).toEqual([null, p0, p0! + 1]);
  });
});
