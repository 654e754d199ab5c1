import { lexicalOptionsForVersion } from "@/lib/scoring";
import { db } from "@/lib/server/db";
import type { Logger } from "@/lib/server/logger";
import { backfillFailureProfile } from "@/lib/server/scores/failure-profiles";

// Fills FailureProfile rows from stored rows (no re-score, the board is untouched). Safe in many
// workers at once: each (submission, version) is replaced in one transaction.

const BATCH = 100;

type Missing = { submissionId: string; scorerVersion: string };

async function missingProfiles(): Promise<Missing[]> {
  return db.$queryRaw<Missing[]>`
    SELECT s."submissionId", s."scorerVersion"
      FROM "Score" s
      JOIN "StageRun" r ON r."submissionId" = s."submissionId" AND r."stage" = 'lexical' AND r."status" = 'DONE'
     WHERE s."metric" = 'f1' AND s."split" = 'overall' AND s."scope" = 'ALL' AND s."aggregate" = 'micro'
       AND NOT EXISTS (SELECT 1 FROM "FailureProfile" f WHERE f."submissionId" = s."submissionId" AND f."scorerVersion" = s."scorerVersion")
     ORDER BY s."createdAt"
     LIMIT ${BATCH}`;
}

export async function backfillFailureProfiles(log: Logger): Promise<{ filled: number; skipped: number }> {
  let filled = 0;
  const skipped = new Set<string>();
  for (;;) {
    const batch = (await missingProfiles()).filter((m) => !skipped.has(`${m.submissionId}|${m.scorerVersion}`));
    if (batch.length === 0) break;
    for (const m of batch) {
      const lexical = lexicalOptionsForVersion(m.scorerVersion);
      if (lexical && (await backfillFailureProfile(m.submissionId, m.scorerVersion, lexical))) filled++;
      else skipped.add(`${m.submissionId}|${m.scorerVersion}`);
    }
    if (skipped.size >= BATCH) break; // nothing left but rows without per-question data
  }
  if (filled || skipped.size) log.info({ filled, skipped: skipped.size }, "failure profiles backfilled");
  return { filled, skipped: skipped.size };
}
