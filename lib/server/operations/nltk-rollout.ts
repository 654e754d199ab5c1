import "server-only";
import { isNltkModeChange } from "@/lib/scoring";
import { Prisma } from "@/generated/prisma/client";
import { recordAudit } from "../audit";
import { demoEntriesHidden } from "../answer-key/demo";
import { db } from "../db";
import { resetStages } from "../submissions/retry-stage";
import { currentScorerVersion } from "../versions/current-version";
import { forgetPublishedVersion, PUBLISHED_VERSION_KEY } from "../versions/published-version";

// Issue 29: a deployment whose NLTK mode changed (LEXICAL_NLTK, or an upgrade from versions that
// said "nltk" and meant 3.8) re-scores its entries under the new version on its own, because that
// costs no judge call: the judge part of the version is the same, so every judge result comes
// from the judge cache. The public board does not move: it stays on the published version (pinned
// here first when nothing is published) until an admin publishes the new one on /admin/rescore.
// A new judge model, prompt or answer key is not an NLTK mode change and stays an admin's action.

const ACTION = "scorer.lexical_rollout";
type Tx = Prisma.TransactionClient;

export type NltkRolloutResult = { to: string; from: string[]; pinned: string | null; requeued: string[] };

/** Versions with rows that differ from `to` only in their NLTK mode (one group-by over headline rows). */
async function siblingVersions(to: string): Promise<string[]> {
  const g = await db.score.groupBy({
    by: ["scorerVersion"],
    where: { split: "overall", scope: "ALL", aggregate: "micro", metric: "f1" },
  });
  return g
    .map((r) => r.scorerVersion)
    .filter((v) => isNltkModeChange(v, to))
    .sort();
}

/**
 * The sibling the approved entries' headline rows cover most: what the board showed before. On a
 * tie, the one written last (a board that follows the current version shows the newest rows).
 */
async function boardVersionOf(tx: Tx, from: string[]): Promise<string | null> {
  const rows = await tx.$queryRaw<Array<{ version: string; n: bigint }>>`
    SELECT sc."scorerVersion" AS version, count(DISTINCT sc."submissionId") AS n FROM "Score" sc JOIN "Submission" s ON s.id = sc."submissionId"
    WHERE s."reviewState" = 'APPROVED' AND sc.split = 'overall' AND sc.scope = 'ALL' AND sc.metric = 'f1' AND sc.aggregate = 'micro'
      AND sc."scorerVersion" IN (${Prisma.join(from)})
    GROUP BY 1 ORDER BY n DESC, max(sc."createdAt") DESC, version LIMIT 1`;
  return rows[0]?.version ?? null;
}

/** Submissions an earlier round already re-queued for `to`: each is re-queued at most once per version (a failing one must not loop). */
async function alreadyRequeued(tx: Tx, to: string): Promise<Set<string>> {
  const events = await tx.auditEvent.findMany({ where: { action: ACTION, targetId: to }, select: { details: true } });
  return new Set(
    events.flatMap((e) => ((e.details as { requeued?: unknown } | null)?.requeued as string[] | undefined) ?? []),
  );
}

/**
 * One round (the worker runs it at start and on every reconciler round; idempotent): every
 * finished approved or pending submission with rows under an NLTK-mode sibling of the current
 * version and none under the current one is reset to be re-scored from its stored predictions.
 * Null when there is nothing to do.
 */
export async function rolloutNltkMode(): Promise<NltkRolloutResult | null> {
  const to = await currentScorerVersion();
  const from = await siblingVersions(to);
  if (from.length === 0) return null;
  const hideDemo = await demoEntriesHidden();
  const result = await db.$transaction(async (tx) => {
    // Serialises with publishing and key activation (same lock), and with another worker's round.
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${PUBLISHED_VERSION_KEY}))`;
    const candidates = await tx.$queryRaw<Array<{ id: string; approved: boolean }>>`
      SELECT s.id, s."reviewState" = 'APPROVED' AS approved FROM "Submission" s
      WHERE s."reviewState" IN ('APPROVED', 'PENDING') AND s.status IN ('SCORED', 'FAILED') AND NOT (s."isDemo" AND ${hideDemo})
        AND EXISTS (SELECT 1 FROM "Score" sc WHERE sc."submissionId" = s.id AND sc."scorerVersion" IN (${Prisma.join(from)}))
        AND NOT EXISTS (SELECT 1 FROM "Score" sc WHERE sc."submissionId" = s.id AND sc."scorerVersion" = ${to})
      ORDER BY s."createdAt", s.id`;
    const done = candidates.length > 0 ? await alreadyRequeued(tx, to) : new Set<string>();
    const todo = candidates.filter((c) => !done.has(c.id));
    if (todo.length === 0) return null;
    let pinned: string | null = null;
    const stored = await tx.setting.findUnique({ where: { key: PUBLISHED_VERSION_KEY }, select: { value: true } });
    // The board follows the current version while nothing is published: keep it where it was.
    if (!stored && todo.some((c) => c.approved)) {
      pinned = await boardVersionOf(tx, from);
      if (pinned) await tx.setting.create({ data: { key: PUBLISHED_VERSION_KEY, value: pinned } });
    }
    const requeued = todo.map((c) => c.id);
    await resetStages(tx, requeued, "lexical");
    await recordAudit(tx, {
      actor: null,
      action: ACTION,
      target: { type: "ScorerVersion", id: to },
      details: { from, to, pinned, requeued },
    });
    return { to, from, pinned, requeued };
  });
  if (result?.pinned) forgetPublishedVersion();
  return result;
}
