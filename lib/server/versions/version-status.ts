import "server-only";
import { db } from "../db";
import {
  publishedScorerVersion,
  storedPublishedVersion,
  versionCoverage,
  type VersionCoverage,
} from "./published-version";
import { currentScorerVersion } from "./current-version";

export type ScorerVersionStatus = {
  /** The deployment's version: what the worker writes and re-judging produces. */
  current: VersionCoverage & { inProgress: number };
  /** What the public board reads. */
  published: VersionCoverage;
  /** False while nothing was published: the board then follows the current version. */
  pinned: boolean;
};

/** The admin's view of a rollout: both versions and how many approved entries each covers. */
export async function scorerVersionStatus(): Promise<ScorerVersionStatus> {
  const current = await currentScorerVersion();
  const [stored, published] = await Promise.all([storedPublishedVersion(), publishedScorerVersion()]);
  const [cCurrent, cPublished] = await Promise.all([versionCoverage(current), versionCoverage(published)]);
  const inProgress = await db.submission.count({
    where: {
      id: { in: cCurrent.missing.map((m) => m.id) },
      status: { in: ["RECEIVED", "QUEUED", "SCORING_LEXICAL", "JUDGING"] },
    },
  });
  return { current: { ...cCurrent, inProgress }, published: cPublished, pinned: stored !== null };
}
