import "server-only";
import { recordAudit } from "../audit";
import { db } from "../db";

// `h2hmem demo remove`: deletes every demo entry in one transaction; the demo key stays so old audit trails stay readable.

export async function removeDemoEntries(): Promise<{ removed: Array<{ id: string; methodName: string }> }> {
  return db.$transaction(async (tx) => {
    const demo = await tx.submission.findMany({
      where: { isDemo: true },
      select: { id: true, methodName: true, reviewState: true },
      orderBy: { methodName: "asc" },
    });
    for (const s of demo) {
      await recordAudit(tx, {
        actor: null,
        action: "demo.remove",
        target: { type: "Submission", id: s.id },
        details: { methodName: s.methodName, reviewState: s.reviewState },
      });
    }
    await tx.submission.deleteMany({ where: { id: { in: demo.map((s) => s.id) } } });
    return { removed: demo.map(({ id, methodName }) => ({ id, methodName })) };
  });
}
