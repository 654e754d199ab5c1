import "server-only";
import { hasJudgePart } from "@/lib/scoring";
import { demoEntriesHidden } from "../answer-key/demo";
import { db } from "../db";
import { currentScorerVersion } from "./current-version";

// Which scorer version the public sees. The worker always writes Score rows under the
// deployment's currentScorerVersion(); the public board, entry pages, compare page, API v1 and
// exports read the version an administrator published (a Setting row, audited on change), so a
// new judge model or prompt can be rolled out, re-judged and previewed before the switch.
// Nothing published yet = the current version (a fresh deployment behaves as before); importing
// a different answer key pins the board first (lib/server/operations/import-answer-key.ts), so a new key
// goes public only through the same re-score, preview and publish as a new judge.
// Every public reader calls publishedScorerVersion(): this is the one place that decides.

export const PUBLISHED_VERSION_KEY = "published_scorer_version";

// Each web process caches the answer for about a second: a primary-key read (and, while nothing
// is published, the active key's hash) per second at most, and another process sees an admin's
// switch or a key import within that time.
const TTL_MS = 1_000;
let memo: { at: number; value: Promise<{ stored: string | null; published: string }> } | null = null;

function read(): Promise<{ stored: string | null; published: string }> {
  const now = Date.now();
  if (memo && now - memo.at < TTL_MS) return memo.value;
  const value = db.setting
    .findUnique({ where: { key: PUBLISHED_VERSION_KEY }, select: { value: true } })
    .then(async (r) => ({ stored: r?.value ?? null, published: r?.value ?? (await currentScorerVersion()) }));
  const entry = { at: now, value };
  memo = entry;
  value.catch(() => {
    if (memo === entry) memo = null;
  });
  return value;
}

/** The stored setting (null when nothing was published), cached for ~1 s per process. */
export async function storedPublishedVersion(): Promise<string | null> {
  return (await read()).stored;
}

/** The scorer version every public reader uses. */
export async function publishedScorerVersion(): Promise<string> {
  return (await read()).published;
}

/** Called after a switch in this process; other processes pick it up when their ~1 s cache expires. */
export function forgetPublishedVersion(): void {
  memo = null;
}

/** A version that includes a judge ranks by the judge; a lexical-only one by F1. */
export function headlineMetricOf(version: string): "judge" | "f1" {
  return hasJudgePart(version) ? "judge" : "f1";
}

export type VersionCoverage = {
  version: string;
  approved: number;
  scored: number;
  missing: Array<{ id: string; methodName: string }>;
};

/**
 * Approved (public) entries with the version's headline row (overall, all questions, micro; the judge
 * when the version has one, else F1), and those without it, in one indexed query.
 */
export async function versionCoverage(version: string): Promise<VersionCoverage> {
  const metric = headlineMetricOf(version);
  // Demo entries count only while they are public (lib/server/answer-key/demo.ts).
  const hideDemo = await demoEntriesHidden();
  const rows = await db.$queryRaw<Array<{ id: string; methodName: string; scored: boolean }>>`
    SELECT s.id, s."methodName", EXISTS (
      SELECT 1 FROM "Score" sc WHERE sc."submissionId" = s.id AND sc."scorerVersion" = ${version}
        AND sc.split = 'overall' AND sc.scope = 'ALL' AND sc.metric = ${metric} AND sc.aggregate = 'micro'
    ) AS scored
    FROM "Submission" s WHERE s."reviewState" = 'APPROVED' AND NOT (s."isDemo" AND ${hideDemo}) ORDER BY s."methodName", s.id`;
  const missing = rows.filter((r) => !r.scored).map(({ id, methodName }) => ({ id, methodName }));
  return { version, approved: rows.length, scored: rows.length - missing.length, missing };
}
