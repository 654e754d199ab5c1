import "server-only";
import { isNltkModeChange } from "@/lib/scoring";
import { Prisma } from "@/generated/prisma/client";
import { recordAudit } from "../audit";
import { demoEntriesHidden } from "../answer-key/demo";
import { db } from "../db";
import { resetStages } from "../submissions/retry-stage";
import { currentScorerVersion } from "../versions/current-version";
import { PUBLISHED_VERSION_KEY } from "../versions/published-version";
import type { Bleu1Change } from "../versions/nltk-mode";
import { StampedMemo } from "../public-cache/generation";

// An NLTK mode change costs no judge call, so it re-scores on its own; the board moves only on publish.

const ACTION = "scorer.lexical_rollout";
type Tx = Prisma.TransactionClient;

export type NltkRolloutResult = { to: string; from: string[]; pinned: string | null; requeued: string[] };

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

/** What the board showed before: the sibling version covering the most approved entries. */
async function boardVersionOf(tx: Tx, from: string[]): Promise<string | null> {
  const rows = await tx.$queryRaw<Array<{ version: string; n: bigint }>>`
    SELECT sc."scorerVersion" AS version, count(DISTINCT sc."submissionId") AS n FROM "Score" sc JOIN "Submission" s ON s.id = sc."submissionId"
    WHERE s."reviewState" = 'APPROVED' AND sc.split = 'overall' AND sc.scope = 'ALL' AND sc.metric = 'f1' AND sc.aggregate = 'micro'
      AND sc."scorerVersion" IN (${Prisma.join(from)})
    GROUP BY 1 ORDER BY n DESC, max(sc."createdAt") DESC, version LIMIT 1`;
  return rows[0]?.version ?? null;
}

/** Each submission is re-queued at most once per version, so a failing one cannot loop. */
async function alreadyRequeued(tx: Tx, to: string): Promise<Set<string>> {
  const events = await tx.auditEvent.findMany({ where: { action: ACTION, targetId: to }, select: { details: true } });
  return new Set(
    events.flatMap((e) => ((e.details as { requeued?: unknown } | null)?.requeued as string[] | undefined) ?? []),
  );
}

/** One idempotent round; null when there is nothing to do. */
export async function rolloutNltkMode(): Promise<NltkRolloutResult | null> {
  const to = await currentScorerVersion();
  const from = await siblingVersions(to);
  if (from.length === 0) return null;
  const hideDemo = await demoEntriesHidden();
  return db.$transaction(async (tx) => {
    // The lock publishing and key activation take too.
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
    // An unpublished board follows the current version: keep it where it was.
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
}

// Kept for one public generation: approvals and re-scores of approved entries change it.
const bleu1Memo = new StampedMemo<Bleu1Change>(50);

export async function bleu1Changes(from: string, to: string): Promise<Bleu1Change> {
  return bleu1Memo.get(`${from}|${to}`, async () => {
    const [r] = await db.$queryRaw<Array<{ entries: bigint; compared: bigint; changed: bigint; mean: number | null }>>`
      SELECT count(DISTINCT a."submissionId") AS entries, count(*) AS compared,
        count(*) FILTER (WHERE abs(a.bleu1 - b.bleu1) > 1e-12) AS changed, avg(b.bleu1 - a.bleu1) AS mean
      FROM "QuestionScore" a
      JOIN "QuestionScore" b ON b."submissionId" = a."submissionId" AND b.split = a.split AND b.index = a.index AND b."scorerVersion" = ${to}
      JOIN "Submission" s ON s.id = a."submissionId"
      WHERE a."scorerVersion" = ${from} AND s."reviewState" = 'APPROVED' AND a.bleu1 IS NOT NULL AND b.bleu1 IS NOT NULL`;
    return {
      from,
      to,
      entries: Number(r?.entries ?? 0),
      compared: Number(r?.compared ?? 0),
      changed: Number(r?.changed ?? 0),
      meanDelta: r?.mean ?? null,
    };
  });
}
