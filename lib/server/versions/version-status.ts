import "server-only";
import { db } from "../db";
import {
  publishedScorerVersion,
  storedPublishedVersion,
  versionCoverage,
  type VersionCoverage,
} from "./published-version";
import { currentScorerVersion } from "./current-version";

type ScorerVersionStatus = {
  current: VersionCoverage & { inProgress: number };
  published: VersionCoverage;
  /** False while nothing was published: the board then follows the current version. */
  pinned: boolean;
};

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
