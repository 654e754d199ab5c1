import "server-only";
import { db } from "../db";
import { answerKeyOfVersion, type AnswerKeyInfo } from "../answer-key/active-info";
import { currentScorerVersion } from "../versions/current-version";
import { publicEntryWhere } from "../answer-key/demo";
import {
  headlineMetricOf,
  publishedScorerVersion,
  SCORING_STATUSES,
  versionCoverage,
} from "../versions/published-version";

// Unscored entries say why instead of "not yet scored".

type BoardStatus = {
  /** approved: entries the public can see (none: the board waits for its first). */
  published: { version: string; key: AnswerKeyInfo | null; approved: number };
  /** null: the board is current. */
  pending: {
    version: string;
    key: AnswerKeyInfo | null;
    /** Not only another judge or NLTK mode. */
    newKey: boolean;
    scored: number;
    approved: number;
    /** Approved entries the worker is scoring under it now. */
    inProgress: number;
  } | null;
};

export async function boardStatus(): Promise<BoardStatus> {
  const [published, current] = await Promise.all([publishedScorerVersion(), currentScorerVersion()]);
  const [publishedKey, approved] = await Promise.all([
    answerKeyOfVersion(published),
    publicEntryWhere().then((where) => db.submission.count({ where })),
  ]);
  const shown = { version: published, key: publishedKey, approved };
  if (published === current) return { published: shown, pending: null };
  const [key, coverage] = await Promise.all([answerKeyOfVersion(current), versionCoverage(current)]);
  return {
    published: shown,
    pending: {
      version: current,
      key,
      newKey: (key?.contentSha256 ?? null) !== (publishedKey?.contentSha256 ?? null),
      scored: coverage.scored,
      approved: coverage.approved,
      inProgress: coverage.inProgress,
    },
  };
}

export type UnscoredReason = "pendingVersion" | "otherVersion" | "scoring" | "notScored";
type UnscoredEntry = { id: string; methodName: string; reason: UnscoredReason };

export async function unscoredEntries(published: string): Promise<UnscoredEntry[]> {
  const { missing } = await versionCoverage(published);
  if (missing.length === 0) return [];
  const current = await currentScorerVersion();
  const metric = headlineMetricOf(current);
  const ids = missing.map((m) => m.id);
  const rows = await db.$queryRaw<Array<{ id: string; status: string; underCurrent: boolean; underOther: boolean }>>`
    SELECT s.id, s.status::text AS status,
      EXISTS (SELECT 1 FROM "Score" sc WHERE sc."submissionId" = s.id AND sc."scorerVersion" = ${current}
        AND sc.split = 'overall' AND sc.scope = 'ALL' AND sc.metric = ${metric} AND sc.aggregate = 'micro') AS "underCurrent",
      EXISTS (SELECT 1 FROM "Score" sc WHERE sc."submissionId" = s.id
        AND sc.split = 'overall' AND sc.scope = 'ALL' AND sc.aggregate = 'micro') AS "underOther"
    FROM "Submission" s WHERE s.id = ANY(${ids})`;
  const byId = new Map(rows.map((r) => [r.id, r]));
  return missing.map((m) => {
    const r = byId.get(m.id);
    const reason: UnscoredReason =
      current !== published && r?.underCurrent
        ? "pendingVersion"
        : r && SCORING_STATUSES.includes(r.status)
          ? "scoring"
          : r?.underOther
            ? "otherVersion"
            : "notScored";
    return { ...m, reason };
  });
}
