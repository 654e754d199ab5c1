import "server-only";
import type { PrismaClient } from "@/generated/prisma/client";
import { noJudgeCache } from "../judge/cache";
import { createJudgeTransport } from "../judge/client";
import type { JudgeConfig } from "../judge/config";
import type { RequestLimiter } from "../judge/limiter";
import type { RetryPolicy } from "../judge/retry";
import { addUsage, emptyUsage, judgeQuestions } from "../judge/run-judge";
import type { JudgeUsage } from "../judge/types";
import { loadJudgeWork } from "../scores/judge-stage-store";
import { publishedScorerVersion } from "../versions/published-version";

// Only per-entry means are kept, on the panel's run row: panel scores never reach the board.

type PanelEntry = { submissionId: string; methodName: string; primary: number; panel: number; n: number };

export async function judgeEntriesWithPanel(input: {
  db: PrismaClient;
  config: JudgeConfig;
  limiter?: RequestLimiter;
  retryPolicy?: Partial<RetryPolicy>;
}): Promise<{ scorerVersion: string; entries: PanelEntry[]; usage: JudgeUsage; failed: number }> {
  const scorerVersion = await publishedScorerVersion();
  const rows = await input.db.score.findMany({
    where: {
      scorerVersion,
      split: "overall",
      scope: "ALL",
      metric: "judge",
      aggregate: "micro",
      submission: { reviewState: "APPROVED" },
    },
    select: { submissionId: true, value: true, submission: { select: { methodName: true } } },
    orderBy: { submissionId: "asc" },
  });
  const transport = createJudgeTransport(input.config);
  let usage = emptyUsage();
  let failed = 0;
  const entries: PanelEntry[] = [];
  for (const row of rows) {
    const work = await loadJudgeWork(input.db, row.submissionId);
    const asked = work.items.filter((w) => w.item.answer.trim() !== "");
    const run = await judgeQuestions({
      items: asked.map((w) => w.item),
      config: input.config,
      transport,
      cache: noJudgeCache,
      bypassCache: true,
      limiter: input.limiter,
      retryPolicy: input.retryPolicy,
    });
    usage = addUsage(usage, run.usage);
    let sum = 0;
    let n = work.items.length - asked.length;
    for (const w of asked) {
      const o = run.outcomes.get(w.item.id);
      if (o?.status !== "judged") {
        failed++;
        continue;
      }
      sum += o.score;
      n++;
    }
    if (n > 0)
      entries.push({
        submissionId: row.submissionId,
        methodName: row.submission.methodName,
        primary: row.value,
        panel: sum / n,
        n,
      });
  }
  return { scorerVersion, entries, usage, failed };
}
