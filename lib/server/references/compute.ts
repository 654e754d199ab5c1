import "server-only";
import { answerKeyTagOf, scoreSubmission, scorerVersionFor, withAnswerKey } from "@/lib/scoring";
import { loadActiveAnswerKey } from "../answer-key/store";
import { db } from "../db";
import type { Logger } from "../logger";
import { currentLexicalOptions, currentScorerVersion } from "../versions/current-version";
import { publishedScorerVersion } from "../versions/published-version";
import { REFERENCE_KINDS, referencePredictions } from "./systems";

// Computing reference scores is scoring, so it runs in the worker (at start and on each
// reconciler round: lazily ensured, cheap when the rows exist) and never in the web. Rows are
// written for the published scorer version and the deployment's current one (so a version is
// ready before an admin publishes it), against the active answer key: importing or activating a
// key, or publishing a version, gets its rows within one round. Lexical only: no judge calls
// for reference systems (their judge scores are not computed; the board shows them for lexical
// metrics).

export type EnsureResult = { computed: string[]; skipped: string[] };

/** Versions whose lexical part this deployment computes (a version written by other lexical options cannot be reproduced here). */
function computable(versions: string[], keySha256: string): { ok: string[]; skipped: string[] } {
  const lexical = scorerVersionFor(currentLexicalOptions());
  // Only versions that name the active key (+key=): a version of another key is that key's to score.
  const tag = answerKeyTagOf(withAnswerKey(lexical, keySha256));
  const ok = versions.filter((v) => (v === lexical || v.startsWith(`${lexical}+`)) && answerKeyTagOf(v) === tag);
  return { ok, skipped: versions.filter((v) => !ok.includes(v)) };
}

export async function ensureReferenceScores(log: Logger): Promise<EnsureResult> {
  const key = await loadActiveAnswerKey();
  if (!key) return { computed: [], skipped: [] }; // without a key there are no references to score against
  const { ok, skipped } = computable([...new Set([await publishedScorerVersion(), await currentScorerVersion()])], key.contentSha256);
  const missing: string[] = [];
  for (const v of ok) {
    const have = await db.referenceScore.findFirst({ where: { scorerVersion: v, answerKeyVersionId: key.versionId }, select: { kind: true } });
    if (!have) missing.push(v);
  }
  if (missing.length === 0) return { computed: [], skipped };
  const started = Date.now();
  const rows = REFERENCE_KINDS.flatMap((kind) =>
    scoreSubmission({ files: referencePredictions(kind, key.questions), answerKey: key.questions, lexical: currentLexicalOptions() }).rows.map((r) => ({ kind, ...r })),
  );
  await db.$transaction(
    async (tx) => {
      // Two workers may ensure at once: one writes, the other finds the rows and adds none.
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`references:${key.versionId}`}))`;
      for (const scorerVersion of missing) {
        const again = await tx.referenceScore.findFirst({ where: { scorerVersion, answerKeyVersionId: key.versionId }, select: { kind: true } });
        if (again) continue;
        await tx.referenceScore.createMany({
          data: rows.map((r) => ({ kind: r.kind, scorerVersion, answerKeyVersionId: key.versionId, split: r.split, scope: r.scope, metric: r.metric, aggregate: r.aggregate, value: r.value, ciLow: r.ciLow, ciHigh: r.ciHigh, n: r.n })),
        });
      }
    },
    { timeout: 60_000 },
  );
  log.info({ versions: missing, answerKeyVersionId: key.versionId, rows: rows.length, ms: Date.now() - started }, "reference scores computed");
  return { computed: missing, skipped };
}
