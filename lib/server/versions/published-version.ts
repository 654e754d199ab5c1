import "server-only";
import { hasJudgePart } from "@/lib/scoring";
import { demoEntriesHidden } from "../answer-key/demo";
import { db } from "../db";
import { currentScorerVersion } from "./current-version";

// Which scorer version the public sees: the one an admin published, so a new judge or key is previewed before
// the switch. Every public reader calls publishedScorerVersion().

export const PUBLISHED_VERSION_KEY = "published_scorer_version";

// Cached briefly per process, so other processes see a switch or key import soon without a read per request.
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

/** Approved entries with and without the version's headline row, in one indexed query. */
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
