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
  /** Approved entries the public can see (demo entries only while a demo key is active). */
  approved: number;
  scored: number;
  missing: Array<{ id: string; methodName: string }>;
  /** Of the missing, those the worker is scoring now. */
  inProgress: number;
};

/** A submission the worker has yet to finish (an entry "being scored"). */
export const SCORING_STATUSES = ["RECEIVED", "QUEUED", "SCORING_LEXICAL", "JUDGING"];

export async function versionCoverage(version: string): Promise<VersionCoverage> {
  const metric = headlineMetricOf(version);
  const hideDemo = await demoEntriesHidden();
  const rows = await db.$queryRaw<Array<{ id: string; methodName: string; scored: boolean; busy: boolean }>>`
    SELECT s.id, s."methodName", s.status::text = ANY(${SCORING_STATUSES}) AS busy, EXISTS (
      SELECT 1 FROM "Score" sc WHERE sc."submissionId" = s.id AND sc."scorerVersion" = ${version}
        AND sc.split = 'overall' AND sc.scope = 'ALL' AND sc.metric = ${metric} AND sc.aggregate = 'micro'
    ) AS scored
    FROM "Submission" s WHERE s."reviewState" = 'APPROVED' AND NOT (s."isDemo" AND ${hideDemo}) ORDER BY s."methodName", s.id`;
  const unscored = rows.filter((r) => !r.scored);
  return {
    version,
    approved: rows.length,
    scored: rows.length - unscored.length,
    missing: unscored.map(({ id, methodName }) => ({ id, methodName })),
    inProgress: unscored.filter((r) => r.busy).length,
  };
}

/** `scored` of versionCoverage for many versions in one query (the Re-score page's version lists). */
export async function scoredPerVersion(versions: string[]): Promise<Map<string, number>> {
  const hideDemo = await demoEntriesHidden();
  const rows = await db.$queryRaw<Array<{ version: string; metric: string; n: bigint }>>`
    SELECT sc."scorerVersion" AS version, sc.metric, count(DISTINCT s.id) AS n
    FROM "Score" sc JOIN "Submission" s ON s.id = sc."submissionId"
    WHERE s."reviewState" = 'APPROVED' AND NOT (s."isDemo" AND ${hideDemo}) AND sc."scorerVersion" = ANY(${versions})
      AND sc.split = 'overall' AND sc.scope = 'ALL' AND sc.aggregate = 'micro' AND sc.metric IN ('judge', 'f1')
    GROUP BY 1, 2`;
  const n = (v: string) => rows.find((r) => r.version === v && r.metric === headlineMetricOf(v))?.n ?? 0;
  return new Map(versions.map((v) => [v, Number(n(v))]));
}
