import "server-only";
import { recordAudit } from "../audit";
import { db } from "../db";

// The demo key stays so old audit trails stay readable.

// The seed's accounts (passwords in the README), kept if one holds a real submission a cascade would delete.
const DEMO_ACCOUNTS = [
  "admin@h2hmem.local",
  "author@h2hmem.local",
  "demo-entries@h2hmem.local",
  "demo-reproductions@h2hmem.local",
];

export async function removeDemoEntries(): Promise<{
  removed: Array<{ id: string; methodName: string }>;
  accounts: string[];
}> {
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
    const accounts = await tx.user.findMany({
      where: { email: { in: DEMO_ACCOUNTS }, submissions: { none: { isDemo: false } } },
      select: { id: true, email: true },
    });
    for (const a of accounts)
      await recordAudit(tx, {
        actor: null,
        action: "demo.remove-account",
        target: { type: "User", id: a.id },
        details: { email: a.email },
      });
    await tx.user.deleteMany({ where: { id: { in: accounts.map((a) => a.id) } } });
    return { removed: demo.map(({ id, methodName }) => ({ id, methodName })), accounts: accounts.map((a) => a.email) };
  });
}
