import "server-only";
import { answerKeyTag, answerKeyTagOf, lexicalOptionsForVersion, scoreSubmission } from "@/lib/scoring";
import type { LexicalOptions } from "@/lib/scoring/types";
import type { ReferenceQuestion } from "@/lib/scoring";
import { loadActiveAnswerKey, loadAnswerKeyQuestions } from "../answer-key/store";
import { db } from "../db";
import type { Logger } from "../logger";
import { currentScorerVersion } from "../versions/current-version";
import { publishedScorerVersion } from "../versions/published-version";
import { REFERENCE_KINDS, referencePredictions } from "./reference-systems";

// Worker-only (they are scoring); current versions too, so one is ready before an admin publishes it.

type EnsureResult = { computed: string[]; skipped: string[] };

type KeyOf = { versionId: string; questions: ReferenceQuestion[] };

/** Each with the lexical options and key it names; another lexical algorithm cannot be computed. */
async function computable(
  versions: string[],
  active: { versionId: string; contentSha256: string; questions: ReferenceQuestion[] },
): Promise<{ ok: Array<{ version: string; lexical: LexicalOptions; key: KeyOf }>; skipped: string[] }> {
  const ok: Array<{ version: string; lexical: LexicalOptions; key: KeyOf }> = [];
  const skipped: string[] = [];
  for (const version of versions) {
    const lexical = lexicalOptionsForVersion(version);
    const tag = answerKeyTagOf(version);
    let key: KeyOf | null = null;
    if (tag === answerKeyTag(active.contentSha256)) key = active;
    else if (tag) {
      const stored = await db.answerKeyVersion.findFirst({
        where: { contentSha256: { startsWith: tag } },
        select: { id: true },
      });
      if (stored) key = { versionId: stored.id, questions: await loadAnswerKeyQuestions(stored.id) };
    }
    if (lexical && key) ok.push({ version, lexical, key });
    else skipped.push(version);
  }
  return { ok, skipped };
}

export async function ensureReferenceScores(log: Logger): Promise<EnsureResult> {
  const active = await loadActiveAnswerKey();
  if (!active) return { computed: [], skipped: [] };
  const { ok, skipped } = await computable(
    [...new Set([await publishedScorerVersion(), await currentScorerVersion()])],
    active,
  );
  const missing: typeof ok = [];
  for (const v of ok) {
    const have = await db.referenceScore.findFirst({
      where: { scorerVersion: v.version, answerKeyVersionId: v.key.versionId },
      select: { kind: true },
    });
    if (!have) missing.push(v);
  }
  if (missing.length === 0) return { computed: [], skipped };
  const started = Date.now();
  const rowsFor = (lexical: LexicalOptions, questions: ReferenceQuestion[]) =>
    REFERENCE_KINDS.flatMap((kind) =>
      scoreSubmission({ files: referencePredictions(kind, questions), answerKey: questions, lexical }).rows.map(
        (r) => ({ kind, ...r }),
      ),
    );
  const scored = missing.map((m) => ({ ...m, rows: rowsFor(m.lexical, m.key.questions) }));
  await db.$transaction(
    async (tx) => {
      // Two workers may ensure at once: one writes, the other finds the rows and adds none.
      for (const id of [...new Set(scored.map((m) => m.key.versionId))].sort())
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`references:${id}`}))`;
      for (const { version: scorerVersion, rows, key } of scored) {
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
    {
      versions: computed,
      answerKeyVersionIds: [...new Set(scored.map((m) => m.key.versionId))],
      rows: scored[0]!.rows.length,
      ms: Date.now() - started,
    },
    "reference scores computed",
  );
  return { computed, skipped };
}
