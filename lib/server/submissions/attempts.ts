import "server-only";
import { z } from "zod";
import type { db } from "../db";

// The best of many private attempts inflates a board, so approval freezes how many the account had scored.

type Tx = Parameters<Parameters<typeof db.$transaction>[0]>[0];

export const attemptsSchema = z
  .strictObject({
    total: z
      .int()
      .min(1)
      .meta({ description: "The account's scored submissions when this entry was approved, itself included." }),
    sincePreviousEntry: z.int().min(1).meta({
      description: "Of those, the ones uploaded after the account's previous approved entry (itself included).",
    }),
  })
  .nullable()
  .meta({ description: "Attempt ledger, recorded at approval (null only for an entry never approved)." });
export type Attempts = z.infer<typeof attemptsSchema>;

export function attemptsOf(s: { attemptsTotal: number | null; attemptsSincePrevious: number | null }): Attempts {
  return s.attemptsTotal === null || s.attemptsSincePrevious === null
    ? null
    : { total: s.attemptsTotal, sincePreviousEntry: s.attemptsSincePrevious };
}

export async function recordAttempts(tx: Tx, submissionId: string, at: Date): Promise<NonNullable<Attempts>> {
  const me = await tx.submission.findUniqueOrThrow({ where: { id: submissionId }, select: { userId: true } });
  // Two approvals of one account at once would both miss the other as "previous entry".
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`attempts:${me.userId}`}))`;
  const previous = await tx.submission.aggregate({
    where: { userId: me.userId, id: { not: submissionId }, approvedAt: { not: null, lte: at } },
    _max: { approvedAt: true },
  });
  const scored = { userId: me.userId, OR: [{ id: submissionId }, { scoredAt: { not: null }, createdAt: { lte: at } }] };
  const since = previous._max.approvedAt;
  const [total, sincePreviousEntry] = await Promise.all([
    tx.submission.count({ where: scored }),
    since
      ? tx.submission.count({ where: { AND: [scored, { OR: [{ id: submissionId }, { createdAt: { gt: since } }] }] } })
      : null,
  ]);
  const attempts = { total, sincePreviousEntry: sincePreviousEntry ?? total };
  await tx.submission.update({
    where: { id: submissionId },
    data: { attemptsTotal: attempts.total, attemptsSincePrevious: attempts.sincePreviousEntry },
  });
  return attempts;
}
