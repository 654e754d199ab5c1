import "server-only";
import { keyTagLikePattern } from "@/lib/scoring";
import type { Prisma } from "@/generated/prisma/client";
import { recordAudit } from "../audit";
import { DEMO_ENTRY_ROWS } from "../answer-key/demo";
import { resetStages } from "../submissions/retry-stage";
import { scorerVersionForKey } from "../versions/current-version";
import { PUBLISHED_VERSION_KEY } from "../versions/published-version";

// A new active key never changes a ranked board by itself: it is pinned until the admin publishes. A board
// with no approved entry under the new key has no numbers to protect: the new key is public at once.

export type ActivationResult = {
  previousId: string | null;
  pinned: string | null;
  /** The board follows the new key now (no approved entry to re-score first). */
  published: boolean;
  requeued: string[];
  /** Approved demo entries that left the board: a real key replaced the demo one. */
  demoOffBoard: number;
};

type Tx = Prisma.TransactionClient;

/** The approved entries' actual rows win when they cover more than the expected version. */
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

export async function activateAnswerKey(tx: Tx, id: string): Promise<ActivationResult> {
  // The lock publishing takes too.
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${PUBLISHED_VERSION_KEY}))`;
  const previous = await tx.answerKeyVersion.findFirst({
    where: { active: true },
    select: { id: true, contentSha256: true, isDemo: true },
  });
  const next = await tx.answerKeyVersion.findUniqueOrThrow({ where: { id }, select: { isDemo: true } });
  await tx.answerKeyVersion.updateMany({ where: { active: true, id: { not: id } }, data: { active: false } });
  await tx.answerKeyVersion.update({ where: { id }, data: { active: true } });
  if (!previous || previous.id === id)
    return { previousId: previous?.id ?? null, pinned: null, published: false, requeued: [], demoOffBoard: 0 };

  // Demo entries leave the board under a real key (lib/server/answer-key/demo.ts).
  const visible = next.isDemo ? {} : { isDemo: false };
  const [ranked, demoOffBoard] = await Promise.all([
    tx.submission.count({ where: { reviewState: "APPROVED", ...visible } }),
    previous.isDemo && !next.isDemo ? tx.submission.count({ where: DEMO_ENTRY_ROWS }) : 0,
  ]);
  const stored = await tx.setting.findUnique({ where: { key: PUBLISHED_VERSION_KEY }, select: { value: true } });
  let pinned: string | null = null;
  const published = ranked === 0;
  if (published) {
    // Unpinned, the board shows the current version: the one web and worker compute for this key (this
    // process, e.g. a CLI without the judge settings, could name another).
    if (stored) await tx.setting.delete({ where: { key: PUBLISHED_VERSION_KEY } });
  } else if (!stored) {
    pinned = await boardVersionUnder(tx, previous.contentSha256);
    if (pinned) await tx.setting.create({ data: { key: PUBLISHED_VERSION_KEY, value: pinned } });
  }
  // Finished ones only ("re-judge all" picks up the rest).
  const subs = await tx.submission.findMany({
    where: { reviewState: { in: ["APPROVED", "PENDING"] }, status: { in: ["SCORED", "FAILED"] }, ...visible },
    select: { id: true },
    orderBy: { createdAt: "asc" },
  });
  const requeued = subs.map((s) => s.id);
  if (requeued.length > 0) await resetStages(tx, requeued, "lexical");
  await recordAudit(tx, {
    actor: null,
    action: "answer_key.activate",
    target: { type: "AnswerKeyVersion", id },
    details: { from: previous.id, to: id, pinned, published, requeued: requeued.length, demoOffBoard },
  });
  if (published)
    await recordAudit(tx, {
      actor: null,
      action: "answer_key.publish",
      target: { type: "AnswerKeyVersion", id },
      details: { reason: "no approved entry to re-score", unpinned: stored?.value ?? null },
    });
  return { previousId: previous.id, pinned, published, requeued, demoOffBoard };
}
