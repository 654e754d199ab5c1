import "server-only";
import type { PrismaClient } from "@/generated/prisma/client";
import { db as defaultDb } from "@/lib/server/db";
import type { JudgeCallRecord, JudgeUsage } from "./types";

// Every judge request's raw reply and usage, so admins can audit a score and its cost.

type JudgeCallPurpose = "stage" | "agreement";

type CallMeta = {
  submissionId: string;
  purpose: JudgeCallPurpose;
  runId: string;
  model: string;
  promptVersion: string;
};

export function judgeCallRecorder(db: PrismaClient, meta: CallMeta) {
  let pending: JudgeCallRecord[] = [];
  return {
    onCall: (c: JudgeCallRecord) => void pending.push(c),
    async flush(): Promise<number> {
      const rows = pending;
      pending = [];
      if (rows.length === 0) return 0;
      await db.judgeCall.createMany({ data: rows.map((c) => ({ ...meta, ...c })) });
      return rows.length;
    },
  };
}

type JudgeCallView = JudgeCallRecord & {
  id: string;
  createdAt: string;
  purpose: string;
  runId: string;
  model: string;
  promptVersion: string;
};

type JudgeRunView = JudgeUsage & {
  action: string;
  at: string;
  failed: boolean;
  judged: number | null;
  unjudged: number | null;
  error: string | null;
};

export type JudgeUsageView = {
  runs: JudgeRunView[];
  calls: JudgeCallView[];
  totals: { calls: number; failedCalls: number; promptTokens: number; completionTokens: number };
};

const num = (v: unknown): number => (typeof v === "number" && Number.isFinite(v) ? v : 0);

export async function getJudgeUsage(
  submissionId: string,
  opts: { db?: PrismaClient; callLimit?: number } = {},
): Promise<JudgeUsageView> {
  const db = opts.db ?? defaultDb;
  const callLimit = opts.callLimit ?? 200;
  const [events, calls, agg, failedCalls] = await Promise.all([
    db.auditEvent.findMany({
      where: {
        targetType: "Submission",
        targetId: submissionId,
        action: { in: ["judge.done", "judge.failed", "judge.agreement"] },
      },
      orderBy: { createdAt: "desc" },
      take: 50,
    }),
    db.judgeCall.findMany({ where: { submissionId }, orderBy: { createdAt: "desc" }, take: callLimit }),
    db.judgeCall.aggregate({
      where: { submissionId },
      _count: true,
      _sum: { promptTokens: true, completionTokens: true },
    }),
    db.judgeCall.count({ where: { submissionId, ok: false } }),
  ]);
  const runs = events.map((e): JudgeRunView => {
    const d = (e.details ?? {}) as Record<string, unknown>;
    const u = (d.usage ?? {}) as Record<string, unknown>;
    const total = typeof d.total === "number" ? d.total : null;
    const judged = typeof d.judged === "number" ? d.judged : null;
    return {
      action: e.action,
      at: e.createdAt.toISOString(),
      failed: e.action === "judge.failed",
      calls: num(u.calls),
      retries: num(u.retries),
      reasks: num(u.reasks),
      cacheHits: num(u.cacheHits),
      promptTokens: num(u.promptTokens),
      completionTokens: num(u.completionTokens),
      wallMs: num(u.wallMs),
      judged,
      unjudged: total !== null && judged !== null ? total - judged : null,
      error: typeof d.error === "string" ? d.error : null,
    };
  });
  return {
    runs,
    calls: calls.map((c) => ({
      ...c,
      createdAt: c.createdAt.toISOString(),
      questionIds: Array.isArray(c.questionIds) ? c.questionIds.map(String) : [],
    })),
    totals: {
      calls: agg._count,
      failedCalls,
      promptTokens: agg._sum.promptTokens ?? 0,
      completionTokens: agg._sum.completionTokens ?? 0,
    },
  };
}
