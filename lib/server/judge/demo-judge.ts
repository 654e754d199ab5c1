import "server-only";
import { judgePartOf } from "@/lib/scoring";

// The bundled deterministic fake judge (lib/dev/fake-judge-server.ts) as the quick start runs it
// (JUDGE_DEMO=true). Its scores are written under this reserved model name, so the scorer version
// itself says "demo judge" to every reader (board, entry page, API, CSV, About), and no real
// judge may use the name (lib/server/env.ts refuses it without JUDGE_DEMO).

export const DEMO_JUDGE_MODEL = "h2hmem-demo-judge";
export const DEMO_JUDGE_LABEL = "demo judge";

export type JudgeInfo = { model: string; promptVersion: string; demo: boolean };

/** The judge a scorer version names (lib/scoring/scorer-version.ts reads it), or null without one. */
export function judgeOfVersion(version: string | null): JudgeInfo | null {
  const j = judgePartOf(version);
  return j ? { ...j, demo: j.model === DEMO_JUDGE_MODEL } : null;
}

/** True for the loopback addresses the fake judge listens on. */
export function isLoopbackUrl(url: string): boolean {
  try {
    const host = new URL(url).hostname.replace(/^\[|\]$/g, "");
    return host === "localhost" || host === "::1" || /^127(\.\d{1,3}){3}$/.test(host);
  } catch {
    return false;
  }
}
