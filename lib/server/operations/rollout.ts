import "server-only";
import { z } from "zod";
import type { SessionUser } from "../auth/config";
import { recordAudit } from "../audit";
import { assertJudgeCard } from "./judge-card-gate";
import { db } from "../db";
import { AppError } from "../errors";
import {
  PUBLISHED_VERSION_KEY,
  SCORING_STATUSES,
  versionCoverage,
  type VersionCoverage,
} from "../versions/published-version";
import { currentScorerVersion } from "../versions/current-version";
import { rescoreSubmission } from "../review/curate";
import { dispatchOutbox, recordBoardSnapshot } from "../notify/outbox";

// Versioned re-scoring (docs/JUDGE.md, "Rolling out a new judge").

export const rejudgeAllSchema = z
  .object({ dryRun: z.boolean({ error: "must be true or false" }).default(false) })
  .strict();
export const publishSchema = z
  .object({
    version: z.string({ error: "is required" }).trim().min(1, "is required").max(300, "must be at most 300 characters"),
    force: z.boolean({ error: "must be true or false" }).default(false),
  })
  .strict();

const PARALLEL = 8;

function assertAdmin(actor: SessionUser): void {
  if (actor.role !== "ADMIN") throw new AppError("FORBIDDEN", "Administrators only.");
}

export type RejudgeAllResult = {
  scorerVersion: string;
  approved: number;
  scored: number;
  enqueued: string[];
  inProgress: string[];
  failed: Array<{ id: string; error: string }>;
  dryRun: boolean;
};

/** Idempotent: only entries without rows under the current version are re-scored. */
export async function rejudgeAllApproved(input: { actor: SessionUser; dryRun?: boolean }): Promise<RejudgeAllResult> {
  assertAdmin(input.actor);
  const dryRun = input.dryRun ?? false;
  const scorerVersion = await currentScorerVersion();
  const coverage = await versionCoverage(scorerVersion);
  // Pending submissions too: a new answer key re-scores them before review.
  const pending = await db.$queryRaw<Array<{ id: string }>>`
    SELECT s.id FROM "Submission" s WHERE s."reviewState" = 'PENDING'
      AND NOT EXISTS (SELECT 1 FROM "Score" sc WHERE sc."submissionId" = s.id AND sc."scorerVersion" = ${scorerVersion} AND sc.metric = 'f1')
    ORDER BY s."createdAt"`;
  const ids = [...coverage.missing.map((m) => m.id), ...pending.map((p) => p.id)];
  const [subs, lexical] = await Promise.all([
    db.submission.findMany({ where: { id: { in: ids } }, select: { id: true, status: true } }),
    db.stageRun.findMany({
      where: { submissionId: { in: ids }, stage: "lexical", status: "DONE" },
      select: { submissionId: true },
    }),
  ]);
  const status = new Map(subs.map((s) => [s.id, s.status]));
  const lexicalDone = new Set(lexical.map((r) => r.submissionId));
  const busy = (id: string) => SCORING_STATUSES.includes(status.get(id) ?? "");
  const todo = ids.filter((id) => !busy(id));
  const result: RejudgeAllResult = {
    scorerVersion,
    approved: coverage.approved,
    scored: coverage.scored,
    enqueued: dryRun ? todo : [],
    inProgress: ids.filter(busy),
    failed: [],
    dryRun,
  };
  for (let i = 0; !dryRun && i < todo.length; i += PARALLEL) {
    const outcomes = await Promise.all(
      todo.slice(i, i + PARALLEL).map(async (id) => {
        try {
          // The pipeline still re-runs lexical when it has no rows under this version.
          await rescoreSubmission({
            submissionId: id,
            stage: lexicalDone.has(id) ? "judge" : "both",
            actor: input.actor,
          });
          return { id, error: null };
        } catch (e) {
          if (!(e instanceof AppError)) throw e;
          return { id, error: e.message };
        }
      }),
    );
    for (const o of outcomes) {
      if (o.error === null) result.enqueued.push(o.id);
      else result.failed.push({ id: o.id, error: o.error });
    }
  }
  if (!dryRun) {
    await recordAudit(db, {
      actor: input.actor.id,
      action: "scorer.rejudge_all",
      target: { type: "ScorerVersion", id: scorerVersion },
      details: {
        approved: result.approved,
        scored: result.scored,
        enqueued: result.enqueued,
        inProgress: result.inProgress,
        failed: result.failed,
      },
    });
  }
  return result;
}

export type PublishResult = {
  from: string;
  to: string;
  pinnedBefore: boolean;
  coverage: { from: VersionCoverage; to: VersionCoverage };
  force: boolean;
};

/** Without `force`, refused when fewer approved entries are scored under `version`: they would drop off the ranking. */
export async function publishScorerVersion(input: {
  actor: SessionUser;
  version: string;
  force?: boolean;
}): Promise<PublishResult> {
  assertAdmin(input.actor);
  const { version, force } = publishSchema.parse({ version: input.version, force: input.force });
  const known = await db.score.findFirst({ where: { scorerVersion: version }, select: { id: true } });
  // The current version of a board without approved entries has nothing to re-judge: publishing it is fine.
  if (!known && (version !== (await currentScorerVersion()) || (await versionCoverage(version)).approved > 0))
    throw new AppError("NOT_FOUND", `No scores exist under scorer version "${version}"; re-judge under it first.`);
  const res = await db.$transaction(async (tx) => {
    // So that "from" in the audit trail is always the real one.
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${PUBLISHED_VERSION_KEY}))`;
    const stored = await tx.setting.findUnique({ where: { key: PUBLISHED_VERSION_KEY }, select: { value: true } });
    const from = stored?.value ?? (await currentScorerVersion());
    // Publishing the default version explicitly is allowed: it pins the board before a rollout.
    if (stored && stored.value === version)
      throw new AppError("CONFLICT", `Scorer version "${version}" is already published.`);
    await assertJudgeCard(from, version);
    const [cFrom, cTo] = await Promise.all([versionCoverage(from), versionCoverage(version)]);
    if (cTo.scored < cFrom.scored && !force) {
      throw new AppError(
        "CONFLICT",
        `"${version}" has scores for ${cTo.scored} of ${cTo.approved} approved entries, fewer than the published "${from}" (${cFrom.scored}). ` +
          "Re-judge the missing entries first, or confirm with force to publish anyway (the others are then listed as not yet scored).",
        {
          details: [
            {
              code: "FORCE_REQUIRED",
              path: "force",
              message: `${cFrom.scored - cTo.scored} fewer approved entries scored`,
              params: { fewer: cFrom.scored - cTo.scored },
            },
          ],
        },
      );
    }
    await tx.setting.upsert({
      where: { key: PUBLISHED_VERSION_KEY },
      create: { key: PUBLISHED_VERSION_KEY, value: version, updatedById: input.actor.id },
      update: { value: version, updatedById: input.actor.id },
    });
    await recordAudit(tx, {
      actor: input.actor.id,
      action: "scorer.publish",
      target: { type: "ScorerVersion", id: version },
      details: {
        from,
        to: version,
        pinnedBefore: Boolean(stored),
        force,
        scoredFrom: cFrom.scored,
        scoredTo: cTo.scored,
        approved: cTo.approved,
      },
    });
    return {
      result: { from, to: version, pinnedBefore: Boolean(stored), coverage: { from: cFrom, to: cTo }, force },
      outbox: await recordBoardSnapshot(tx, "publish"),
    };
  });
  await dispatchOutbox(res.outbox);
  return res.result;
}
