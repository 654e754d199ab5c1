import "server-only";
import { z } from "zod";
import { db } from "./db";

export type AuditRow = { id: string; action: string; targetType: string; targetId: string; details: unknown; createdAt: string; actor: string | null };

const opt = z.string().trim().max(200).optional().transform((v) => (v ? v : undefined));
export const auditFilterSchema = z.object({
  action: opt, // prefix: "submission." matches every submission decision
  actor: opt, // actor email, case-insensitive substring
  targetId: opt,
  before: z.iso.datetime().optional().catch(undefined),
  take: z.coerce.number().int().min(1).max(500).optional().catch(undefined),
});
export type AuditFilter = Partial<z.infer<typeof auditFilterSchema>>;

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
