import "server-only";
import { judgePartOf } from "@/lib/scoring";
import { AppError } from "../errors";
import { calibratedCard } from "../scores/judge-card";

// The bridge when the judge changes (docs/JUDGE.md, "The judge card"): a scorer version whose judge
// (model or prompt) differs from the published one goes public only with its finished card.

export function judgeChanges(from: string, to: string): boolean {
  const a = judgePartOf(from);
  const b = judgePartOf(to);
  return b !== null && (a === null || a.model !== b.model || a.promptVersion !== b.promptVersion);
}

export async function assertJudgeCard(from: string, to: string): Promise<void> {
  if (!judgeChanges(from, to)) return;
  if (await calibratedCard(to)) return;
  const j = judgePartOf(to)!;
  throw new AppError(
    "CONFLICT",
    `The new judge ${j.model}@${j.promptVersion} has no judge card yet: the worker calibrates it automatically (judge configured on the worker, an active answer key); publish when the card is ready.`,
  );
}
