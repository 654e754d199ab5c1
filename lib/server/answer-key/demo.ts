import "server-only";
import { cache } from "react";
import { db } from "../db";

// Demo entries are public only while a demo key (or none) is active.

/** Read per request so every process sees an activation at once. */
export const demoEntriesHidden = cache(async (): Promise<boolean> => {
  const k = await db.answerKeyVersion.findFirst({ where: { active: true }, select: { isDemo: true } });
  return k !== null && !k.isDemo;
});

export async function publicEntryWhere(): Promise<{ reviewState: "APPROVED"; isDemo?: false }> {
  return (await demoEntriesHidden()) ? { reviewState: "APPROVED", isDemo: false } : { reviewState: "APPROVED" };
}

/** The demo entries a visitor saw as rows: a replicate run counts on its entry, a reproduction never is a row. */
export const DEMO_ENTRY_ROWS = { isDemo: true, reviewState: "APPROVED", runOf: null, reproduces: null } as const;
