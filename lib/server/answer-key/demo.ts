import "server-only";
import { db } from "../db";

// Demo data never touches real data: demo entries (Submission.isDemo, written by prisma/seed.ts)
// are public only while a demo key (or no key) is active. Every public reader of approved entries
// asks here (board, coverage, entry pages, compare).

const TTL_MS = 1_000;
let memo: { at: number; value: Promise<boolean> } | null = null;

/** True when a non-demo answer key is active: demo entries are then off every public view (~1 s cache). */
export function demoEntriesHidden(): Promise<boolean> {
  const now = Date.now();
  if (memo && now - memo.at < TTL_MS) return memo.value;
  const value = db.answerKeyVersion
    .findFirst({ where: { active: true }, select: { isDemo: true } })
    .then((k) => k !== null && !k.isDemo);
  const entry = { at: now, value };
  memo = entry;
  value.catch(() => {
    if (memo === entry) memo = null;
  });
  return value;
}

/** The Prisma filter of a publicly listed entry. */
export async function publicEntryWhere(): Promise<{ reviewState: "APPROVED"; isDemo?: false }> {
  return (await demoEntriesHidden()) ? { reviewState: "APPROVED", isDemo: false } : { reviewState: "APPROVED" };
}

/** Called after an activation in this process. */
export function forgetDemoVisibility(): void {
  memo = null;
}
