import "server-only";
import { buildCalibrationSet, CALIBRATION_KINDS, type CalibrationResult, type ReferenceQuestion } from "@/lib/scoring";
import { noJudgeCache } from "./cache";
import { createJudgeTransport, type JudgeTransport } from "./client";
import type { JudgeConfig } from "./config";
import type { RequestLimiter } from "./limiter";
import type { RetryPolicy } from "./retry";
import { addUsage, emptyUsage, judgeQuestions } from "./run-judge";
import type { JudgeUsage } from "./types";

// One run per kind so every question id is asked once per run; the submissions' cache is never touched.

type CalibrationRunResult = { results: CalibrationResult[]; usage: JudgeUsage; stopReason: string | null };

export async function judgeCalibrationSet(input: {
  questions: readonly ReferenceQuestion[];
  sample: number;
  seed: number;
  config: JudgeConfig;
  transport?: JudgeTransport;
  limiter?: RequestLimiter;
  retryPolicy?: Partial<RetryPolicy>;
}): Promise<CalibrationRunResult> {
  const set = buildCalibrationSet(input.questions, { sample: input.sample, seed: input.seed });
  const transport = input.transport ?? createJudgeTransport(input.config);
  let usage = emptyUsage();
  let stopReason: string | null = null;
  const results: CalibrationResult[] = [];
  for (const kind of CALIBRATION_KINDS) {
    const items = set.filter((c) => c.kind === kind);
    if (items.length === 0) continue;
    const run = await judgeQuestions({
      items: items.map((c) => c.item),
      config: input.config,
      transport,
      cache: noJudgeCache,
      bypassCache: true,
      limiter: input.limiter,
      retryPolicy: input.retryPolicy,
    });
    usage = addUsage(usage, run.usage);
    stopReason ??= run.stopReason;
    for (const c of items) {
      const o = run.outcomes.get(c.item.id);
      results.push({
        qid: c.item.id,
        kind,
        category: c.category,
        expected: c.expected,
        score: o?.status === "judged" ? o.score : null,
      });
    }
  }
  return { results, usage, stopReason };
}
