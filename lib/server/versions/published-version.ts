import "server-only";
import { cache } from "react";
import { hasJudgePart } from "@/lib/scoring";
import { demoEntriesHidden } from "../answer-key/demo";
import { db } from "../db";
import { currentScorerVersion } from "./current-version";

// The public sees the version an admin published, so a new judge or key is previewed before the switch.

export const PUBLISHED_VERSION_KEY = "published_scorer_version";

// Read per request, so a publish in any process is public on the next request with nothing to invalidate.
const read = cache(async (): Promise<{ stored: string | null; published: string }> => {
  const r = await db.setting.findUnique({ where: { key: PUBLISHED_VERSION_KEY }, select: { value: true } });
  return { stored: r?.value ?? null, published: r?.value ?? (await currentScorerVersion()) };
});

export async function storedPublishedVersion(): Promise<string | null> {
  return (await read()).stored;
}

export async function publishedScorerVersion(): Promise<string> {
  return (await read()).published;
}

export function headlineMetricOf(version: string): "judge" | "f1" {
  return hasJudgePart(version) ? "judge" : "f1";
}

export type VersionCoverage = {
  version: string;
  approved: number;
  scored: number;
  missing: Array<{ id: string; methodName: string }>;
};

export async function versionCoverage(version: string): Promise<VersionCoverage> {
  const metric = headlineMetricOf(version);
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
