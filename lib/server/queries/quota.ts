import { db } from "../db";
import { env } from "../env";

const DAY_MS = 24 * 3600 * 1000;

/** Submissions a user may still make in the rolling 24-hour window (admins are not limited). */
export async function remainingQuota(userId: string, role: string): Promise<{ limit: number; used: number; remaining: number | null }> {
  const limit = env.DAILY_SUBMISSION_QUOTA;
  const used = await db.submission.count({ where: { userId, createdAt: { gt: new Date(Date.now() - DAY_MS) } } });
  // Mirrors assertWithinQuota in lib/server/submissions/quota.ts: admins exempt, 0 disables.
  if (role === "ADMIN" || limit === 0) return { limit, used, remaining: null };
  return { limit, used, remaining: Math.max(0, limit - used) };
}
