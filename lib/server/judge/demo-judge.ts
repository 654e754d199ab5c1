import "server-only";
import { judgePartOf } from "@/lib/scoring";
import { DEMO_JUDGE_MODEL } from "../env";

// The bundled deterministic fake judge (lib/dev/fake-judge-server.ts) as the quick start runs it
// (JUDGE_DEMO=true). Its scores are written under this reserved model name, so the scorer version
// itself says "demo judge" to every reader (board, entry page, API, CSV, About), and no real
// judge may use the name (lib/server/env.ts refuses it without JUDGE_DEMO).

export const DEMO_JUDGE_LABEL = "demo judge";

export type JudgeInfo = { model: string; promptVersion: string; demo: boolean };

/** The judge a scorer version names (lib/scoring/scorer-version.ts reads it), or null without one. */
export function judgeOfVersion(version: string | null): JudgeInfo | null {
  const j = judgePartOf(version);
  return j ? { ...j, demo: j.model === DEMO_JUDGE_MODEL } : null;
}
