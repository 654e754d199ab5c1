import "server-only";
import { db } from "../db";
import { env } from "../env";

// JUDGE_DAILY_CALLS caps the judge requests of a UTC day across every worker (JudgeCall rows): past it,
// a judge stage that has not started waits for the next day; lexical scores are stored before it, and a
// stage already running finishes (so the cap can be passed by at most the stages in flight).

export type JudgeBudget = { limit: number; used: number; exhausted: boolean; resumesAt: Date };

const utcDay = (now: Date, plus = 0) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + plus));

/** Null when no budget is set (JUDGE_DAILY_CALLS=0). */
export async function judgeDailyBudget(now = new Date()): Promise<JudgeBudget | null> {
  const limit = env.JUDGE_DAILY_CALLS;
  if (limit === 0) return null;
  const used = await db.judgeCall.count({ where: { createdAt: { gte: utcDay(now) } } });
  return { limit, used, exhausted: used >= limit, resumesAt: utcDay(now, 1) };
}

/** Thrown by the pipeline before a judge stage starts; the worker delays the job to `resumesAt`. */
export class JudgeBudgetSpent extends Error {
  constructor(readonly resumesAt: Date) {
    super(`the judge's daily budget (JUDGE_DAILY_CALLS) is spent; judge stages wait until ${resumesAt.toISOString()}`);
    this.name = "JudgeBudgetSpent";
  }
}
