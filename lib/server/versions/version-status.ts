import "server-only";
import {
  publishedScorerVersion,
  storedPublishedVersion,
  versionCoverage,
  type VersionCoverage,
} from "./published-version";
import { currentScorerVersion } from "./current-version";

type ScorerVersionStatus = {
  current: VersionCoverage;
  published: VersionCoverage;
  /** False while nothing was published: the board then follows the current version. */
  pinned: boolean;
};

export async function scorerVersionStatus(): Promise<ScorerVersionStatus> {
  const current = await currentScorerVersion();
  const [stored, published] = await Promise.all([storedPublishedVersion(), publishedScorerVersion()]);
  const [cCurrent, cPublished] = await Promise.all([versionCoverage(current), versionCoverage(published)]);
  return { current: cCurrent, published: cPublished, pinned: stored !== null };
}
