import "server-only";
import { z } from "zod";
import { DISPUTE_RESOLUTIONS, DISPUTE_TYPES } from "@/lib/validation/dispute";
import type { Prisma } from "@/generated/prisma/client";
import { db } from "../db";
import type { DisputeStep } from "../history/board-feed";
import type { SessionUser } from "../auth/config";
import { hasVerifiedAddress } from "./open-dispute";
import { AppError } from "../errors";

// What the public sees of a thread (the entry page, GET /api/v1/entries/{id}/disputes, the feed). Hidden
// text is replaced by the fact and time of hiding; only admins read it (`withHidden`).

const when = z.iso.datetime();
const reply = z.object({
  id: z.string(),
  body: z.string().nullable().meta({ description: "Null when an administrator hid it (hiddenAt says when)." }),
  hiddenAt: when.nullable(),
  createdAt: when,
});
/** The API's view of a thread (GET /api/v1/entries/{id}/disputes), the entry page's too. */
export const publicDisputeSchema = z.object({
  id: z.string(),
  entryId: z.string(),
  type: z.enum(DISPUTE_TYPES),
  state: z.enum(["open", "answered", "resolved"]).meta({ description: "answered: the owner replied." }),
  openedBy: z.string().nullable().meta({ description: "The opener's display name, when the account set one." }),
  statement: z.string().nullable().meta({ description: "Null when an administrator hid it as abusive." }),
  evidenceLinks: z.array(z.string()),
  hiddenAt: when.nullable(),
  createdAt: when,
  updatedAt: when,
  replies: z.array(reply).meta({ description: "The entry owner's replies, oldest first." }),
  resolution: z
    .object({
      kind: z.enum(DISPUTE_RESOLUTIONS),
      note: z.string(),
      rescoreRef: z
        .string()
        .nullable()
        .meta({ description: "re-score: the new scorer version or answer-key version." }),
      resolvedAt: when,
    })
    .nullable(),
});
export type PublicDispute = z.infer<typeof publicDisputeSchema>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The threads of an entry that is public (approved, or withdrawn with a tombstone), oldest first. */
export async function entryDisputes(entryId: string, opts: { withHidden?: boolean } = {}): Promise<PublicDispute[]> {
  const entry = await db.submission.findUnique({
    where: { id: entryId },
    select: { reviewState: true, publicNote: true },
  });
  if (!entry || (entry.reviewState !== "APPROVED" && entry.publicNote === null))
    throw new AppError("NOT_FOUND", "No public entry with this id.");
  return threads({ submissionId: entryId }, opts.withHidden ?? false);
}

async function threads(where: Prisma.DisputeWhereInput, withHidden: boolean): Promise<PublicDispute[]> {
  const rows = await db.dispute.findMany({ where, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [replies, openers] = await Promise.all([
    db.disputeReply.findMany({ where: { disputeId: { in: ids } }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] }),
    db.user.findMany({
      where: { id: { in: rows.flatMap((r) => (r.openerId ? [r.openerId] : [])) } },
      select: { id: true, name: true },
    }),
  ]);
  const shown = (text: string, hiddenAt: Date | null) => (hiddenAt && !withHidden ? null : text);
  return rows.map((r) => ({
    id: r.id,
    entryId: r.submissionId,
    type: r.type,
    state: r.state,
    openedBy: openers.find((u) => u.id === r.openerId)?.name ?? null,
    statement: shown(r.statement, r.hiddenAt),
    evidenceLinks: r.hiddenAt && !withHidden ? [] : r.evidenceLinks,
    hiddenAt: iso(r.hiddenAt),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    replies: replies
      .filter((x) => x.disputeId === r.id)
      .map((x) => ({
        id: x.id,
        body: shown(x.body, x.hiddenAt),
        hiddenAt: iso(x.hiddenAt),
        createdAt: x.createdAt.toISOString(),
      })),
    resolution:
      r.resolution && r.resolvedAt
        ? {
            kind: r.resolution,
            note: r.resolutionNote ?? "",
            rescoreRef: r.rescoreRef,
            resolvedAt: r.resolvedAt.toISOString(),
          }
        : null,
  }));
}

/** What the entry page offers a visitor: the open form (signed in, verified, not the owner), reply, resolve. */
export async function disputeViewer(entryId: string, user: SessionUser | null) {
  if (!user) return { user: null, owner: false, admin: false, verified: false };
  const [entry, verified] = await Promise.all([
    db.submission.findUnique({ where: { id: entryId }, select: { userId: true } }),
    hasVerifiedAddress(user.id),
  ]);
  return { user, owner: entry?.userId === user.id, admin: user.role === "ADMIN", verified };
}
export type DisputeViewer = Awaited<ReturnType<typeof disputeViewer>>;

export async function publicDispute(id: string): Promise<PublicDispute> {
  const [d] = await threads({ id }, false);
  if (!d) throw new AppError("NOT_FOUND", "No dispute with this id.");
  return d;
}

/** The disputes awaiting an admin's resolution, oldest first (the admin page links each thread). */
export async function unresolvedDisputes(take = 50) {
  const rows = await db.dispute.findMany({
    where: { state: { not: "resolved" } },
    orderBy: { createdAt: "asc" },
    take,
    select: { id: true, submissionId: true, type: true, state: true, createdAt: true },
  });
  const names = await db.submission.findMany({
    where: { id: { in: rows.map((r) => r.submissionId) } },
    select: { id: true, methodName: true },
  });
  return rows.map((r) => ({
    ...r,
    methodName: names.find((n) => n.id === r.submissionId)?.methodName ?? r.submissionId,
  }));
}

const FEED_ITEMS = 100;
const excerpt = (s: string | null) =>
  s === null ? "(hidden by an administrator)" : s.length > 280 ? `${s.slice(0, 279)}…` : s;

/** Each step of the threads on public entries, newest last: opened, every reply, resolved (the Atom feed). */
export async function disputeFeedItems(): Promise<DisputeStep[]> {
  // The threads that changed last hold the newest steps.
  const recent = await db.dispute.findMany({
    orderBy: { updatedAt: "desc" },
    take: FEED_ITEMS,
    select: { submissionId: true },
  });
  const entries = await db.submission.findMany({
    where: {
      id: { in: recent.map((r) => r.submissionId) },
      OR: [{ reviewState: "APPROVED" }, { publicNote: { not: null } }],
    },
    select: { id: true, methodName: true },
  });
  const method = new Map(entries.map((e) => [e.id, e.methodName]));
  const list = await threads({ submissionId: { in: [...method.keys()] } }, false);
  return list
    .flatMap((d) => {
      const m = method.get(d.entryId)!;
      const at = (step: string) => `dispute-${d.id}/${step}`;
      return [
        {
          fragment: at("opened"),
          title: `Dispute opened on ${m} (${d.type})`,
          summary: excerpt(d.statement),
          date: new Date(d.createdAt),
          entry: d.entryId,
        },
        ...d.replies.map((r) => ({
          fragment: at(`reply-${r.id}`),
          title: `The owner of ${m} replied to a dispute`,
          summary: excerpt(r.body),
          date: new Date(r.createdAt),
          entry: d.entryId,
        })),
        ...(d.resolution
          ? [
              {
                fragment: at("resolved"),
                title: `Dispute on ${m} resolved: ${d.resolution.kind}${d.resolution.rescoreRef ? ` (${d.resolution.rescoreRef})` : ""}`,
                summary: excerpt(d.resolution.note),
                date: new Date(d.resolution.resolvedAt),
                entry: d.entryId,
              },
            ]
          : []),
      ];
    })
    .sort((a, b) => a.date.getTime() - b.date.getTime())
    .slice(-FEED_ITEMS);
}
