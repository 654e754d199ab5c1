import "server-only";
import { withTimeout } from "@/lib/server/with-timeout";
import { db } from "../db";
import { getQueue } from "../queue";

// Operations view; queue numbers also come from Postgres so it still answers when Redis is down.

type StageTiming = { stage: string; runs: number; medianMs: number | null; p95Ms: number | null };
type Operations = {
  queue: { ok: true; counts: Record<string, number> } | { ok: false; error: string };
  byStatus: Record<string, number>;
  running: Array<{
    submissionId: string;
    methodName: string;
    stage: string | null;
    done: number;
    total: number;
    startedAt: string | null;
  }>;
  failed: Array<{
    id: string;
    methodName: string;
    submitter: string;
    failureStage: string | null;
    failureReason: string | null;
    updatedAt: string;
  }>;
  timings: StageTiming[];
};

async function queueCounts(): Promise<Operations["queue"]> {
  try {
    const counts = await withTimeout(
      getQueue("scoring").getJobCounts("waiting", "active", "delayed", "failed", "completed", "prioritized"),
      2000,
      "Redis",
    );
    return { ok: true, counts };
  } catch (e) {
    return {
      ok: false,
      error:
        e instanceof Error
          ? e.message
              .split("\n")[0]!
              .replace(/(?<![^@\s])[^@\s]+@/g, (seg) =>
                seg.includes("//") ? `${seg.slice(0, seg.indexOf("//"))}//***@` : seg,
              )
          : "unavailable",
    };
  }
}

export async function getOperations(): Promise<Operations> {
  const [queue, statuses, running, failed, timings] = await Promise.all([
    queueCounts(),
    db.submission.groupBy({ by: ["status"], _count: { _all: true } }),
    db.stageRun.findMany({
      where: { status: "RUNNING" },
      orderBy: { startedAt: "asc" },
      take: 50,
      include: { submission: { select: { methodName: true, stage: true } } },
    }),
    db.submission.findMany({
      where: { status: "FAILED" },
      orderBy: { updatedAt: "desc" },
      take: 50,
      include: { user: { select: { email: true } } },
    }),
    db.$queryRaw<Array<{ stage: string; runs: bigint; median: number | null; p95: number | null }>>`
      SELECT stage, count(*) AS runs,
        percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM ("finishedAt" - "startedAt")) * 1000) AS median,
        percentile_cont(0.95) WITHIN GROUP (ORDER BY extract(epoch FROM ("finishedAt" - "startedAt")) * 1000) AS p95
      FROM "StageRun"
      WHERE status = 'DONE' AND "startedAt" IS NOT NULL AND "finishedAt" >= now() - interval '1 day'
      GROUP BY stage ORDER BY stage`,
  ]);
  return {
    queue,
    byStatus: Object.fromEntries(statuses.map((s) => [s.status, s._count._all])),
    running: running.map((r) => ({
      submissionId: r.submissionId,
      methodName: r.submission.methodName,
      stage: r.stage,
      done: r.done,
      total: r.total,
      startedAt: r.startedAt?.toISOString() ?? null,
    })),
    failed: failed.map((s) => ({
      id: s.id,
      methodName: s.methodName,
      submitter: s.user.email,
      failureStage: s.failureStage,
      failureReason: s.failureReason,
      updatedAt: s.updatedAt.toISOString(),
    })),
    timings: timings.map((t) => ({
      stage: t.stage,
      runs: Number(t.runs),
      medianMs: t.median === null ? null : Math.round(t.median),
      p95Ms: t.p95 === null ? null : Math.round(t.p95),
    })),
  };
}
