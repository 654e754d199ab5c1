import "server-only";
import { z } from "zod";
import type { Prisma } from "@/generated/prisma/client";
import { noControlCharacters } from "@/lib/validation/text";
import { recordAudit } from "../audit";
import { db } from "../db";
import { AppError } from "../errors";
import { mailConfigured, siteUrl } from "../mail";
import { mailTranslator, userLocale } from "../mail-locale";
import { StampedMemo } from "../public-cache/generation";
import { questionExplorer } from "../leaderboard/question-stats";
import { dispatchOutbox, recordMail } from "../notify/outbox";
import { note } from "./decide";

// The gold-errata loop (issue 50): a signed-in user reports a question's gold answer as wrong or ambiguous; an
// admin accepts, rejects (with a reason) or merges it into an earlier report, audited, and the reporter hears of
// it through the outbox. Reports are public with their state, never with who made them.

export const goldReportInputSchema = z.object({
  kind: z.enum(["wrong", "ambiguous"]),
  proposedAnswer: z
    .string()
    .trim()
    .min(1, "give the answer you propose")
    .max(1000, "must be at most 1000 characters")
    .superRefine(noControlCharacters()),
  reason: note(3, "a reason"),
});
export type GoldReportInput = z.infer<typeof goldReportInputSchema>;

export const goldDecisionSchema = z.discriminatedUnion("action", [
  z.object({
    action: z.literal("accept"),
    correctedAnswer: z.string().trim().max(1000).superRefine(noControlCharacters()).optional(),
  }),
  z.object({ action: z.literal("reject"), reason: note(3, "a reason") }),
  z.object({ action: z.literal("merge"), duplicateOf: z.string().trim().min(1).max(40) }),
]);
export type GoldDecision = z.infer<typeof goldDecisionSchema>;

export type PublicGoldReport = {
  id: string;
  qid: string;
  kind: "wrong" | "ambiguous";
  goldAnswer: string;
  proposedAnswer: string;
  reason: string;
  state: "pending" | "accepted" | "rejected" | "duplicate";
  correctedAnswer: string | null;
  decisionReason: string | null;
  duplicateOf: string | null;
  createdAt: string;
  decidedAt: string | null;
};

const PUBLIC_SELECT = {
  id: true,
  qid: true,
  kind: true,
  goldAnswer: true,
  proposedAnswer: true,
  reason: true,
  state: true,
  correctedAnswer: true,
  decisionReason: true,
  duplicateOfId: true,
  createdAt: true,
  decidedAt: true,
} as const satisfies Prisma.GoldReportSelect;
type Row = Prisma.GoldReportGetPayload<{ select: typeof PUBLIC_SELECT }>;

export const publicGoldReport = (r: Row): PublicGoldReport => ({
  id: r.id,
  qid: r.qid,
  kind: r.kind === "WRONG" ? "wrong" : "ambiguous",
  goldAnswer: r.goldAnswer,
  proposedAnswer: r.proposedAnswer,
  reason: r.reason,
  state: r.state.toLowerCase() as PublicGoldReport["state"],
  correctedAnswer: r.correctedAnswer,
  decisionReason: r.decisionReason,
  duplicateOf: r.duplicateOfId,
  createdAt: r.createdAt.toISOString(),
  decidedAt: r.decidedAt?.toISOString() ?? null,
});

/** A question's reports, oldest first. */
export async function goldReportsOf(qid: string): Promise<PublicGoldReport[]> {
  const rows = await db.goldReport.findMany({ where: { qid }, orderBy: { createdAt: "asc" }, select: PUBLIC_SELECT });
  return rows.map(publicGoldReport);
}

const counts = new StampedMemo<Map<string, { pending: number; accepted: number }>>(1);

/** Pending and accepted reports per question, for the explorer's list. */
export function goldReportCounts(): Promise<Map<string, { pending: number; accepted: number }>> {
  return counts.get("all", async () => {
    const g = await db.goldReport.groupBy({
      by: ["qid", "state"],
      where: { state: { in: ["PENDING", "ACCEPTED"] } },
      _count: { _all: true },
    });
    const out = new Map<string, { pending: number; accepted: number }>();
    for (const r of g) {
      const c = out.get(r.qid) ?? { pending: 0, accepted: 0 };
      c[r.state === "PENDING" ? "pending" : "accepted"] += r._count._all;
      out.set(r.qid, c);
    }
    return out;
  });
}

/** A report on a question of the published key, against the gold answer it has there (callers apply the "gold-report" limit). */
export async function createGoldReport(userId: string, qid: string, input: unknown): Promise<PublicGoldReport> {
  const data = goldReportInputSchema.parse(input);
  const ex = await questionExplorer();
  const q = ex.questions.find((x) => x.id === qid);
  if (!q) throw new AppError("NOT_FOUND", `No question "${qid}" in the published answer key.`);
  const key = ex.answerKey
    ? await db.answerKeyVersion.findUnique({
        where: { contentSha256: ex.answerKey.contentSha256 },
        select: { id: true },
      })
    : null;
  const row = await db.goldReport.create({
    data: {
      qid,
      keyVersionId: key?.id ?? null,
      goldAnswer: q.goldAnswer,
      reporterId: userId,
      kind: data.kind === "wrong" ? "WRONG" : "AMBIGUOUS",
      proposedAnswer: data.proposedAnswer,
      reason: data.reason,
    },
    select: PUBLIC_SELECT,
  });
  return publicGoldReport(row);
}

const STATE = { accept: "ACCEPTED", reject: "REJECTED", merge: "DUPLICATE" } as const;

/** Only a pending report is decided (a second admin finds it decided); audit, state and the reporter's mail commit together. */
export async function decideGoldReport(id: string, adminId: string, input: unknown): Promise<PublicGoldReport> {
  const d = goldDecisionSchema.parse(input);
  const out = await db.$transaction(async (tx) => {
    const r = await tx.goldReport.findUnique({ where: { id } });
    if (!r) throw new AppError("NOT_FOUND", "No such report.");
    if (r.state !== "PENDING") throw new AppError("CONFLICT", `The report is already ${r.state.toLowerCase()}.`);
    if (d.action === "merge") {
      const target = await tx.goldReport.findUnique({ where: { id: d.duplicateOf } });
      if (!target || target.id === id || target.qid !== r.qid || target.state === "DUPLICATE")
        throw new AppError(
          "BAD_REQUEST",
          "Merge into another report on the same question that is not itself a duplicate.",
        );
    }
    const row = await tx.goldReport.update({
      where: { id },
      data: {
        state: STATE[d.action],
        correctedAnswer: d.action === "accept" ? d.correctedAnswer || r.proposedAnswer : null,
        decisionReason: d.action === "reject" ? d.reason : null,
        duplicateOfId: d.action === "merge" ? d.duplicateOf : null,
        decidedById: adminId,
        decidedAt: new Date(),
      },
      select: PUBLIC_SELECT,
    });
    await recordAudit(tx, {
      actor: adminId,
      action: `gold_report.${d.action}`,
      target: { type: "GoldReport", id },
      details: { qid: r.qid, ...d },
    });
    const outbox = r.reporterId ? await recordMail(tx, await reporterMail(tx, r.reporterId, row)) : [];
    return { row, outbox };
  });
  await dispatchOutbox(out.outbox);
  return publicGoldReport(out.row);
}

async function reporterMail(tx: Prisma.TransactionClient, userId: string, r: Row) {
  if (!mailConfigured()) return null;
  const u = await tx.user.findUnique({ where: { id: userId }, select: { email: true, locale: true } });
  if (!u) return null;
  const t = await mailTranslator(userLocale(u.locale));
  const state = r.state === "ACCEPTED" ? "accepted" : r.state === "REJECTED" ? "rejected" : "duplicate";
  const subject = t(`goldReport.${state}`, { id: r.qid });
  const lines = [
    `${subject}.`,
    ...(r.decisionReason ? ["", t("eventReason", { reason: r.decisionReason })] : []),
    ...(r.correctedAnswer ? ["", t("goldReport.corrected", { answer: r.correctedAnswer })] : []),
    "",
    siteUrl(`/questions/${r.qid}#reports`),
  ];
  return { to: u.email, subject: `[H2HMem] ${subject}`, text: lines.join("\n") };
}

/** Pending reports for the admin's triage page, oldest first, with the question and its other reports' ids. */
export async function pendingGoldReports() {
  const rows = await db.goldReport.findMany({
    where: { state: "PENDING" },
    orderBy: { createdAt: "asc" },
    take: 200,
    select: PUBLIC_SELECT,
  });
  const qids = [...new Set(rows.map((r) => r.qid))];
  const others = await db.goldReport.findMany({
    where: { qid: { in: qids }, state: { not: "DUPLICATE" } },
    select: { id: true, qid: true },
    orderBy: { createdAt: "asc" },
  });
  return rows.map((r) => ({
    ...publicGoldReport(r),
    mergeTargets: others.filter((o) => o.qid === r.qid && o.id !== r.id).map((o) => o.id),
  }));
}
