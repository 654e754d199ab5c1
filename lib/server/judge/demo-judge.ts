import "server-only";
import { judgePartOf } from "@/lib/scoring";
import { DEMO_JUDGE_MODEL } from "../env";

// The fake judge's scores go under this reserved model name, so the scorer version itself says "demo judge" everywhere.

export const DEMO_JUDGE_LABEL = "demo judge";

export type JudgeInfo = { model: string; promptVersion: string; demo: boolean };

/** How a judge score is labelled everywhere (board, badge, review queue, private results). */
export const judgeMetricLabel = (version: string | null): string =>
  judgeOfVersion(version)?.demo ? DEMO_JUDGE_LABEL : "judge";

/** The judge a scorer version names (lib/scoring/scorer-version.ts reads it), or null without one. */
export function judgeOfVersion(version: string | null): JudgeInfo | null {
  const j = judgePartOf(version);
  return j ? { ...j, demo: j.model === DEMO_JUDGE_MODEL } : null;
}
