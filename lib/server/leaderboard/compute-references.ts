import "server-only";
import { answerKeyTag, answerKeyTagOf, lexicalOptionsForVersion, scoreSubmission } from "@/lib/scoring";
import type { LexicalOptions } from "@/lib/scoring/types";
import { loadActiveAnswerKey } from "../answer-key/store";
import { db } from "../db";
import type { Logger } from "../logger";
import { currentScorerVersion } from "../versions/current-version";
import { publishedScorerVersion } from "../versions/published-version";
import { REFERENCE_KINDS, referencePredictions } from "./reference-systems";

// Reference scores are scoring, so the worker computes them (lexical only) for the published and current
// versions, so a version is ready before an admin publishes it.

type EnsureResult = { computed: string[]; skipped: string[] };

/**
 * Versions this build can compute, each with the lexical options it names (a legacy NLTK 3.8
 * version keeps its 3.8 rows while the board still shows it); another lexical algorithm cannot.
 */
function computable(
  versions: string[],
  keySha256: string,
): { ok: Array<{ version: string; lexical: LexicalOptions }>; skipped: string[] } {
  const ok: Array<{ version: string; lexical: LexicalOptions }> = [];
  const skipped: string[] = [];
  for (const version of versions) {
    const lexical = lexicalOptionsForVersion(version);
    // Only versions that name the active key: a version of another key is that key's to score.
    if (lexical && answerKeyTagOf(version) === answerKeyTag(keySha256)) ok.push({ version, lexical });
    else skipped.push(version);
  }
  return { ok, skipped };
}

export async function ensureReferenceScores(log: Logger): Promise<EnsureResult> {
  const key = await loadActiveAnswerKey();
  if (!key) return { computed: [], skipped: [] }; // without a key there are no references to score against
  const { ok, skipped } = computable(
    [...new Set([await publishedScorerVersion(), await currentScorerVersion()])],
    key.contentSha256,
  );
  const missing: Array<{ version: string; lexical: LexicalOptions }> = [];
  for (const v of ok) {
    const have = await db.referenceScore.findFirst({
      where: { scorerVersion: v.version, answerKeyVersionId: key.versionId },
      select: { kind: true },
    });
    if (!have) missing.push(v);
  }
  if (missing.length === 0) return { computed: [], skipped };
  const started = Date.now();
  const rowsFor = (lexical: LexicalOptions) =>
    REFERENCE_KINDS.flatMap((kind) =>
      scoreSubmission({ files: referencePredictions(kind, key.questions), answerKey: key.questions, lexical }).rows.map(
        (r) => ({ kind, ...r }),
      ),
    );
  const scored = missing.map((m) => ({ ...m, rows: rowsFor(m.lexical) }));
  await db.$transaction(
    async (tx) => {
      // Two workers may ensure at once: one writes, the other finds the rows and adds none.
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`references:${key.versionId}`}))`;
      for (const { version: scorerVersion, rows } of scored) {
        const again = await tx.referenceScore.findFirst({
          where: { scorerVersion, answerKeyVersionId: key.versionId },
          select: { kind: true },
        });
        if (again) continue;
        await tx.referenceScore.createMany({
          data: rows.map((r) => ({
            kind: r.kind,
            scorerVersion,
            answerKeyVersionId: key.versionId,
            split: r.split,
            scope: r.scope,
            metric: r.metric,
            aggregate: r.aggregate,
            value: r.value,
            ciLow: r.ciLow,
            ciHigh: r.ciHigh,
            n: r.n,
          })),
        });
      }
    },
    { timeout: 60_000 },
  );
  const computed = missing.map((m) => m.version);
  log.info(
    { versions: computed, answerKeyVersionId: key.versionId, rows: scored[0]!.rows.length, ms: Date.now() - started },
    "reference scores computed",
  );
  return { computed, skipped };
}
