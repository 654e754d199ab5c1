import "server-only";
import { z } from "zod";
import type { Prisma } from "@/generated/prisma/client";
import { db } from "../db";

// Nothing vanishes silently: a removed entry's link answers 410.

const dateTime = z.string().meta({ format: "date-time" });

export const tombstoneSchema = z.strictObject({
  id: z.string(),
  status: z.literal("withdrawn").meta({ description: "The entry was on the board and was taken off it." }),
  removedBy: z
    .enum(["author", "admin"])
    .meta({ description: "Withdrawn by its author, or unpublished by an administrator." }),
  methodName: z.string(),
  organization: z.string().nullable(),
  createdAt: dateTime.meta({ description: "Submitted." }),
  approvedAt: dateTime
    .nullable()
    .meta({ description: "Put on the board (null only for entries removed before approval dates were kept)." }),
  removedAt: dateTime.nullable(),
  reason: z.string().meta({ description: "The reason given, shown publicly." }),
});
export type Tombstone = z.infer<typeof tombstoneSchema>;

const TOMBSTONE_WHERE = {
  publicNote: { not: null },
  reviewState: { in: ["REJECTED", "WITHDRAWN"] },
} satisfies Prisma.SubmissionWhereInput;

const SELECT = {
  id: true,
  reviewState: true,
  methodName: true,
  organization: true,
  createdAt: true,
  approvedAt: true,
  removedAt: true,
  reviewedAt: true,
  publicNote: true,
} as const;
type Row = Prisma.SubmissionGetPayload<{ select: typeof SELECT }>;

function toTombstone(s: Row): Tombstone {
  return {
    id: s.id,
    status: "withdrawn",
    removedBy: s.reviewState === "WITHDRAWN" ? "author" : "admin",
    methodName: s.methodName,
    organization: s.organization,
    createdAt: s.createdAt.toISOString(),
    approvedAt: s.approvedAt?.toISOString() ?? null,
    removedAt: (s.removedAt ?? s.reviewedAt)?.toISOString() ?? null,
    reason: s.publicNote ?? "",
  };
}

export async function findTombstone(id: string): Promise<Tombstone | null> {
  const s = await db.submission.findFirst({ where: { id, ...TOMBSTONE_WHERE }, select: SELECT });
  return s ? toTombstone(s) : null;
}

export async function listTombstones(): Promise<Tombstone[]> {
  const rows = await db.submission.findMany({
    where: TOMBSTONE_WHERE,
    select: SELECT,
    orderBy: [{ removedAt: { sort: "desc", nulls: "last" } }, { id: "asc" }],
  });
  return rows.map(toTombstone);
}

export function tombstoneMessage(t: Tombstone): string {
  return `This entry was removed from the leaderboard: ${t.reason}`;
}
