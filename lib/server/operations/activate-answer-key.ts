import "server-only";
import { keyTagLikePattern } from "@/lib/scoring";
import type { Prisma } from "@/generated/prisma/client";
import { recordAudit } from "../audit";
import { resetStages } from "../submissions/retry-stage";
import { scorerVersionForKey } from "../versions/current-version";
import { PUBLISHED_VERSION_KEY } from "../versions/published-version";

// Making a key active never changes the public board by itself (docs/SCORING.md, "Answer key
// versions"): the board reads the published scorer version, and every version names its key.
// When the active key changes, in the same transaction: (1) a board that follows the current
// version (nothing published yet) is pinned to the version it shows, (2) every approved and
// pending submission is queued for a re-score under the new key from its stored predictions
// (the reconciler enqueues QUEUED rows; unchanged questions are judge-cache hits), and the
// admin then previews and publishes on /admin/rescore exactly as for a new judge.

export type ActivationResult = { previousId: string | null; pinned: string | null; requeued: string[] };

type Tx = Prisma.TransactionClient;

/**
 * The version the board shows while nothing is published: this deployment's version under the
 * previous key. The importing process may lack the web's judge settings, so the version the
 * approved entries actually have rows under wins when it covers more of them.
 */
async function boardVersionUnder(tx: Tx, keySha256: string): Promise<string | null> {
  const expected = scorerVersionForKey(keySha256);
  const tag = keyTagLikePattern(keySha256);
  const rows = await tx.$queryRaw<Array<{ version: string; n: bigint }>>`
    SELECT sc."scorerVersion" AS version, count(*) AS n FROM "Score" sc JOIN "Submission" s ON s.id = sc."submissionId"
    WHERE s."reviewState" = 'APPROVED' AND sc.split = 'overall' AND sc.scope = 'ALL' AND sc.metric = 'f1' AND sc.aggregate = 'micro'
      AND sc."scorerVersion" LIKE ${tag}
    GROUP BY 1`;
  if (rows.length === 0) return null; // nothing ranked under the old key: nothing to keep
  const n = (v: string) => Number(rows.find((r) => r.version === v)?.n ?? 0);
  return rows.map((r) => r.version).reduce((best, v) => (n(v) > n(best) ? v : best), expected);
}

/** Activates `id` (inside the import's transaction); a no-op beyond that when it was already active. */
export async function activateAnswerKey(tx: Tx, id: string): Promise<ActivationResult> {
  // Serialises with publishing (lib/server/operations/rollout.ts takes the same lock).
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${PUBLISHED_VERSION_KEY}))`;
  const previous = await tx.answerKeyVersion.findFirst({
    where: { active: true },
    select: { id: true, contentSha256: true },
  });
  const next = await tx.answerKeyVersion.findUniqueOrThrow({ where: { id }, select: { isDemo: true } });
  await tx.answerKeyVersion.updateMany({ where: { active: true, id: { not: id } }, data: { active: false } });
  await tx.answerKeyVersion.update({ where: { id }, data: { active: true } });
  if (!previous || previous.id === id) return { previousId: previous?.id ?? null, pinned: null, requeued: [] };

  let pinned: string | null = null;
  const stored = await tx.setting.findUnique({ where: { key: PUBLISHED_VERSION_KEY }, select: { value: true } });
  if (!stored) {
    pinned = await boardVersionUnder(tx, previous.contentSha256);
    if (pinned) await tx.setting.create({ data: { key: PUBLISHED_VERSION_KEY, value: pinned } });
  }
  // Finished ones only: a submission still being scored is scored under the key its lexical
  // stage loaded; "re-judge all" on /admin/rescore picks up any it left under the old key.
  const subs = await tx.submission.findMany({
    // Demo entries leave the board under a real key (lib/server/answer-key/demo.ts): not re-scored.
    where: {
      reviewState: { in: ["APPROVED", "PENDING"] },
      status: { in: ["SCORED", "FAILED"] },
      ...(next.isDemo ? {} : { isDemo: false }),
    },
    select: { id: true },
    orderBy: { createdAt: "asc" },
  });
  const requeued = subs.map((s) => s.id);
  if (requeued.length > 0) await resetStages(tx, requeued, "lexical");
  await recordAudit(tx, {
    actor: null,
    action: "answer_key.activate",
    target: { type: "AnswerKeyVersion", id },
    details: { from: previous.id, to: id, pinned, requeued: requeued.length },
  });
  return { previousId: previous.id, pinned, requeued };
}
