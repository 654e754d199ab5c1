import "server-only";
import { z } from "zod";
import type { Prisma, PrismaClient } from "@/generated/prisma/client";
import { db } from "./db";

// recordAudit is the audit trail's only writer.

export const AUDIT_ACTIONS = {
  "submission.approve": "Submission",
  "submission.reject": "Submission",
  "submission.withdraw": "Submission",
  "submission.unpublish": "Submission",
  "submission.baseline.mark": "Submission",
  "submission.baseline.unmark": "Submission",
  "submission.maintainer-rerun.mark": "Submission",
  "submission.maintainer-rerun.unmark": "Submission",
  "submission.metadata": "Submission",
  "submission.track": "Submission",
  "submission.retry": "Submission",
  "submission.rescore": "Submission",
  "submission.purge": "Submission",
  "submission.predictions.public": "Submission",
  "judge.done": "Submission",
  "judge.failed": "Submission",
  "judge.agreement": "Submission",
  "judge.calibration": "JudgeCalibrationRun",
  "user.signup": "User",
  "user.email_confirmed": "User",
  "user.role": "User",
  "token.create": "ApiToken",
  "token.revoke": "ApiToken",
  "webhook.create": "WebhookEndpoint",
  "webhook.delete": "WebhookEndpoint",
  "webhook.rotate-secret": "WebhookEndpoint",
  "scorer.rejudge_all": "ScorerVersion",
  "scorer.publish": "ScorerVersion",
  "scorer.lexical_rollout": "ScorerVersion",
  "answer_key.activate": "AnswerKeyVersion",
  "answer_key.publish": "AnswerKeyVersion",
  "demo.remove": "Submission",
  "demo.remove-account": "User",
  "submissions.pause": "Setting",
  "submissions.resume": "Setting",
  "snapshot.doi": "BoardSnapshot",
  "dispute.open": "Dispute",
  "dispute.reply": "Dispute",
  "dispute.resolve": "Dispute",
  "dispute.hide": "Dispute",
  "gold_report.accept": "GoldReport",
  "gold_report.reject": "GoldReport",
  "gold_report.merge": "GoldReport",
} as const;
type AuditAction = keyof typeof AUDIT_ACTIONS;
type AuditEventInput<A extends AuditAction> = {
  /** null for the worker and the CLI. */
  actor: string | null;
  action: A;
  target: { type: (typeof AUDIT_ACTIONS)[A]; id: string };
  details?: Record<string, unknown>;
};

/** Pass the change's transaction so both commit together; the lazy promise also fits a batch `$transaction([...])`. */
export function recordAudit<A extends AuditAction>(
  client: PrismaClient | Prisma.TransactionClient,
  event: AuditEventInput<A>,
) {
  const details = JSON.parse(JSON.stringify(event.details ?? {})) as Prisma.InputJsonObject;
  return client.auditEvent.create({
    data: {
      actorId: event.actor,
      action: event.action,
      targetType: event.target.type,
      targetId: event.target.id,
      details,
    },
    select: { id: true },
  });
}

export type AuditRow = {
  id: string;
  action: string;
  targetType: string;
  targetId: string;
  details: unknown;
  createdAt: string;
  actor: string | null;
};

const opt = z
  .string()
  .trim()
  .max(200)
  .optional()
  .transform((v) => (v ? v : undefined));
export const auditFilterSchema = z.object({
  action: opt, // prefix: "submission." matches every submission decision
  actor: opt, // actor email, case-insensitive substring
  targetId: opt,
  before: z.iso.datetime().optional().catch(undefined),
  take: z.coerce.number().int().min(1).max(500).optional().catch(undefined),
});
type AuditFilter = Partial<z.infer<typeof auditFilterSchema>>;

export async function listAuditEvents(opts: AuditFilter = {}): Promise<AuditRow[]> {
  const rows = await db.auditEvent.findMany({
    where: {
      ...(opts.before ? { createdAt: { lt: new Date(opts.before) } } : {}),
      ...(opts.action ? { action: { startsWith: opts.action } } : {}),
      ...(opts.targetId ? { targetId: opts.targetId } : {}),
      ...(opts.actor ? { actor: { email: { contains: opts.actor, mode: "insensitive" as const } } } : {}),
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: Math.min(opts.take ?? 100, 500),
    include: { actor: { select: { email: true } } },
  });
  return rows.map((r) => ({
    id: r.id,
    action: r.action,
    targetType: r.targetType,
    targetId: r.targetId,
    details: r.details,
    createdAt: r.createdAt.toISOString(),
    actor: r.actor?.email ?? null,
  }));
}
