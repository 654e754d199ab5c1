import "server-only";
import type { Prisma, PrismaClient } from "@/generated/prisma/client";
import { db as defaultDb } from "../db";
import { env } from "../env";
import { AppError } from "../errors";

const DAY_MS = 24 * 3600 * 1000;

// Checked early and again in the transaction under a per-user lock, so parallel uploads cannot overshoot.
export async function assertWithinQuota(
  userId: string,
  now: Date = new Date(),
  db: PrismaClient | Prisma.TransactionClient = defaultDb,
): Promise<void> {
  const quota = env.DAILY_SUBMISSION_QUOTA;
  if (quota === 0) return;
  const user = await db.user.findUnique({ where: { id: userId }, select: { role: true } });
  if (!user) throw new AppError("UNAUTHORIZED", "Unknown user");
  if (user.role === "ADMIN") return;
  const since = new Date(now.getTime() - DAY_MS);
  const recent = await db.submission.findMany({
    where: { userId, createdAt: { gt: since } },
    select: { createdAt: true },
    orderBy: { createdAt: "asc" },
  });
  if (recent.length < quota) return;
  // The slot frees when the oldest submission that keeps the user at the limit leaves the window.
  const freesAt = recent[recent.length - quota].createdAt.getTime() + DAY_MS;
  const retryAfterSeconds = Math.max(1, Math.ceil((freesAt - now.getTime()) / 1000));
  throw new AppError(
    "RATE_LIMITED",
    `Daily submission limit reached (${quota} per 24 hours). Try again in ${formatDuration(retryAfterSeconds)}.`,
    {
      retryAfterSeconds,
    },
  );
}

export async function remainingQuota(
  userId: string,
  role: string,
): Promise<{ limit: number; used: number; remaining: number | null }> {
  const limit = env.DAILY_SUBMISSION_QUOTA;
  const used = await defaultDb.submission.count({
    where: { userId, createdAt: { gt: new Date(Date.now() - DAY_MS) } },
  });
  if (role === "ADMIN" || limit === 0) return { limit, used, remaining: null };
  return { limit, used, remaining: Math.max(0, limit - used) };
}

function formatDuration(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.ceil((seconds % 3600) / 60);
  return h > 0 ? `${h} h ${m} min` : `${m} min`;
}

/** Serialises one user's submission transactions (held until the transaction ends). */
export async function lockUserSubmissions(tx: Prisma.TransactionClient, userId: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`submit:${userId}`}))`;
}
