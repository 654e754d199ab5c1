import { db } from "../db";

export type AuditRow = { id: string; action: string; targetType: string; targetId: string; details: unknown; createdAt: string; actor: string | null };

export async function listAuditEvents(opts: { take?: number; before?: string } = {}): Promise<AuditRow[]> {
  const rows = await db.auditEvent.findMany({
    where: opts.before ? { createdAt: { lt: new Date(opts.before) } } : {},
    orderBy: { createdAt: "desc" },
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
