import "server-only";
import { cache } from "react";
import { hasJudgePart } from "@/lib/scoring";
import { demoEntriesHidden } from "../answer-key/demo";
import { db } from "../db";
import { currentScorerVersion } from "./current-version";

// Which scorer version the public sees: the one an admin published, so a new judge or key is previewed before
// the switch. Every public reader calls publishedScorerVersion().

export const PUBLISHED_VERSION_KEY = "published_scorer_version";

// Read per request (a primary-key row; React's cache shares it within a render): a publish in
// any process, the worker's included, is public on the next request, with nothing to invalidate.
const read = cache(async (): Promise<{ stored: string | null; published: string }> => {
  const r = await db.setting.findUnique({ where: { key: PUBLISHED_VERSION_KEY }, select: { value: true } });
  return { stored: r?.value ?? null, published: r?.value ?? (await currentScorerVersion()) };
});

/** The stored setting (null when nothing was published). */
export async function storedPublishedVersion(): Promise<string | null> {
  return (await read()).stored;
}

/** The scorer version every public reader uses. */
export async function publishedScorerVersion(): Promise<string> {
  return (await read()).published;
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
