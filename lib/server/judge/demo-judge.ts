import "server-only";

// The bundled deterministic fake judge (lib/dev/fake-judge-server.ts) as the quick start runs it
// (JUDGE_DEMO=true). Its scores are written under this reserved model name, so the scorer version
// itself says "demo judge" to every reader (board, entry page, API, CSV, About), and no real
// judge may use the name (lib/server/env.ts refuses it without JUDGE_DEMO).

export const DEMO_JUDGE_MODEL = "h2hmem-demo-judge";
export const DEMO_JUDGE_LABEL = "demo judge";

export type JudgeInfo = { model: string; promptVersion: string; demo: boolean };

/** The judge part of a scorer version ("…+judge=<model>@<prompt version>"), or null without one. */
export function judgeOfVersion(version: string | null): JudgeInfo | null {
  const m = version ? /\+judge=(.+)@([^@+]+)$/.exec(version) : null;
  if (!m) return null;
  return { model: m[1]!, promptVersion: m[2]!, demo: m[1] === DEMO_JUDGE_MODEL };
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
