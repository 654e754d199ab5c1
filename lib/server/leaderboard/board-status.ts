import "server-only";
import { db } from "../db";
import { answerKeyOfVersion, type AnswerKeyInfo } from "../answer-key/active-info";
import { currentScorerVersion } from "../versions/current-version";
import { publishedScorerVersion, versionCoverage, headlineMetricOf } from "../versions/published-version";

// Unscored entries say why instead of "not yet scored".

type BoardStatus = {
  published: { version: string; key: AnswerKeyInfo | null };
  /** null: the board is current. */
  pending: {
    version: string;
    key: AnswerKeyInfo | null;
    /** Not only another judge or NLTK mode. */
    newKey: boolean;
    scored: number;
    approved: number;
  } | null;
};

export async function boardStatus(): Promise<BoardStatus> {
  const [published, current] = await Promise.all([publishedScorerVersion(), currentScorerVersion()]);
  const publishedKey = await answerKeyOfVersion(published);
  if (published === current) return { published: { version: published, key: publishedKey }, pending: null };
  const [key, coverage] = await Promise.all([answerKeyOfVersion(current), versionCoverage(current)]);
  return {
    published: { version: published, key: publishedKey },
    pending: {
      version: current,
      key,
      newKey: (key?.contentSha256 ?? null) !== (publishedKey?.contentSha256 ?? null),
      scored: coverage.scored,
      approved: coverage.approved,
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
        : r && ["RECEIVED", "QUEUED", "SCORING_LEXICAL", "JUDGING"].includes(r.status)
          ? "scoring"
          : r?.underOther
            ? "otherVersion"
            : "notScored";
    return { ...m, reason };
  });
}
