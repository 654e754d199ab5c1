import "server-only";
import { db } from "../db";

// The Re-score page must not say "published by an administrator" when an answer-key import pinned it.

type PinSource =
  { kind: "publish"; at: Date; actor: string | null } | { kind: "import"; at: Date } | { kind: "unknown" };

/** The latest audit event that made `version` the published one; "unknown" for a migration's pin. */
export async function pinSourceOf(version: string): Promise<PinSource> {
  const rows = await db.$queryRaw<Array<{ action: string; createdAt: Date; actor: string | null }>>`
    SELECT e.action, e."createdAt", coalesce(u.name, u.email) AS actor
    FROM "AuditEvent" e LEFT JOIN "User" u ON u.id = e."actorId"
    WHERE (e.action = 'scorer.publish' AND e."targetId" = ${version})
       OR (e.action = 'answer_key.activate' AND e.details->>'pinned' = ${version})
    ORDER BY e."createdAt" DESC LIMIT 1`;
  const row = rows[0];
  if (!row) return { kind: "unknown" };
  return row.action === "scorer.publish"
    ? { kind: "publish", at: row.createdAt, actor: row.actor }
    : { kind: "import", at: row.createdAt };
}
