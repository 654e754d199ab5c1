import "server-only";
import { cache } from "react";
import { db } from "../db";

// Demo entries are public only while a demo key (or none) is active; every public reader of approved entries asks here.

/**
 * True when a non-demo answer key is active: demo entries are then off every public view. Read per
 * request (one indexed row; React's cache shares it within a render), so every process sees an
 * activation at once.
 */
export const demoEntriesHidden = cache(async (): Promise<boolean> => {
  const k = await db.answerKeyVersion.findFirst({ where: { active: true }, select: { isDemo: true } });
  return k !== null && !k.isDemo;
});

export async function publicEntryWhere(): Promise<{ reviewState: "APPROVED"; isDemo?: false }> {
  return (await demoEntriesHidden()) ? { reviewState: "APPROVED", isDemo: false } : { reviewState: "APPROVED" };
}
