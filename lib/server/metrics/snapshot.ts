import "server-only";
import { withTimeout } from "@/lib/server/with-timeout";
import { Prisma } from "@/generated/prisma/client";
import { db } from "../db";
import { scrubSecrets } from "../logger";
import { getQueue } from "../queue";

export const QUEUE_STATES = ["waiting", "active", "delayed", "failed"] as const;
// Lexical runs take seconds to minutes; judge runs minutes to an hour.
export const STAGE_BUCKETS = [1, 2, 5, 10, 30, 60, 120, 300, 600, 1800, 3600, 7200] as const;
export const JUDGE_CALL_BUCKETS = [0.25, 0.5, 1, 2, 5, 10, 20, 30, 60, 120] as const;
// Redis answers in milliseconds or is down; the Postgres aggregates take longer on big tables.
const REDIS_TIMEOUT_MS = 2000;
const DATABASE_TIMEOUT_MS = 5000;

type Buckets = { cumulative: number[]; sum: number; count: number };
export type MetricsSnapshot = {
  redisUp: boolean;
  databaseUp: boolean;
  queue: Record<(typeof QUEUE_STATES)[number], number> | null;
  submissions: Array<{ status: string; n: number }>;
  stageRuns: Array<{ stage: string; status: string; n: number }>;
  stageDurations: Array<{ stage: string } & Buckets>;
  judgeCalls: Array<{ purpose: string; ok: boolean; n: number; promptTokens: number; completionTokens: number }>;
  judgeLatency: Array<{ purpose: string } & Buckets>;
  seconds: number;
  errors: string[];
};

// Every bucket in one pass; integer bounds for an integer column (no per-row cast to float).
function bucketArray(column: Prisma.Sql, bounds: readonly number[], as: "int" | "float8", scale = 1): Prisma.Sql {
  const cast = Prisma.raw(as);
  return Prisma.sql`ARRAY[${Prisma.join(bounds.map((b) => Prisma.sql`count(*) FILTER (WHERE ${column} <= ${b * scale}::${cast})`))}]::int[]`;
}

type StageRow = { stage: string; status: string; n: number; dcount: number; dsum: number | null; buckets: number[] };
type JudgeRow = {
  purpose: string;
  ok: boolean;
  n: number;
  prompt: bigint | null;
  completion: bigint | null;
  msum: bigint | null;
  buckets: number[];
};

async function loadDatabase(s: MetricsSnapshot): Promise<void> {
  const d = Prisma.sql`d`;
  const [submissions, stages, judge] = await withTimeout(
    Promise.all([
      db.submission.groupBy({ by: ["status"], _count: { _all: true } }),
      db.$queryRaw<StageRow[]>`
        SELECT stage, status::text AS status, count(*)::int AS n, count(d)::int AS dcount, sum(d) AS dsum, ${bucketArray(d, STAGE_BUCKETS, "float8")} AS buckets
        FROM (SELECT stage, status,
                CASE WHEN status = 'DONE' AND "startedAt" IS NOT NULL AND "finishedAt" >= "startedAt"
                  THEN extract(epoch FROM ("finishedAt" - "startedAt"))::float8 END AS d
              FROM "StageRun") r
        GROUP BY stage, status`,
      db.$queryRaw<JudgeRow[]>`
        SELECT purpose, ok, count(*)::int AS n, sum("promptTokens")::bigint AS prompt, sum("completionTokens")::bigint AS completion,
          sum("latencyMs")::bigint AS msum, ${bucketArray(Prisma.sql`"latencyMs"`, JUDGE_CALL_BUCKETS, "int", 1000)} AS buckets
        FROM "JudgeCall" GROUP BY purpose, ok`,
    ]),
    DATABASE_TIMEOUT_MS,
    "PostgreSQL",
  );
  s.databaseUp = true;
  s.submissions = submissions.map((r) => ({ status: r.status, n: r._count._all }));
  s.stageRuns = stages.map((r) => ({ stage: r.stage, status: r.status, n: r.n }));
  const byStage = new Map<string, Buckets>();
  for (const r of stages.filter((x) => x.dcount > 0))
    merge(byStage, r.stage, { cumulative: r.buckets, sum: r.dsum ?? 0, count: r.dcount });
  s.stageDurations = [...byStage].map(([stage, b]) => ({ stage, ...b }));
  s.judgeCalls = judge.map((r) => ({
    purpose: r.purpose,
    ok: r.ok,
    n: r.n,
    promptTokens: Number(r.prompt ?? 0),
    completionTokens: Number(r.completion ?? 0),
  }));
  const byPurpose = new Map<string, Buckets>();
  for (const r of judge)
    merge(byPurpose, r.purpose, { cumulative: r.buckets, sum: Number(r.msum ?? 0) / 1000, count: r.n });
  s.judgeLatency = [...byPurpose].map(([purpose, b]) => ({ purpose, ...b }));
}

function merge(into: Map<string, Buckets>, key: string, b: Buckets): void {
  const prev = into.get(key);
  if (!prev) into.set(key, { ...b, cumulative: [...b.cumulative] });
  else {
    prev.cumulative = prev.cumulative.map((c, i) => c + (b.cumulative[i] ?? 0));
    prev.sum += b.sum;
    prev.count += b.count;
  }
}

async function loadQueue(s: MetricsSnapshot): Promise<void> {
  const counts = await withTimeout(getQueue("scoring").getJobCounts(...QUEUE_STATES), REDIS_TIMEOUT_MS, "Redis");
  s.queue = Object.fromEntries(QUEUE_STATES.map((k) => [k, counts[k] ?? 0])) as MetricsSnapshot["queue"];
  s.redisUp = true;
}

async function load(): Promise<MetricsSnapshot> {
  const started = performance.now();
  const s: MetricsSnapshot = {
    redisUp: false,
    databaseUp: false,
    queue: null,
    submissions: [],
    stageRuns: [],
    stageDurations: [],
    judgeCalls: [],
    judgeLatency: [],
    seconds: 0,
    errors: [],
  };
  const note = (e: unknown) => s.errors.push(scrubSecrets(e instanceof Error ? e.message.split("\n")[0]! : String(e)));
  // A dependency that is down leaves its series out (absent, not a made-up 0) and its *_up at 0.
  await Promise.all([loadDatabase(s).catch(note), loadQueue(s).catch(note)]);
  s.seconds = (performance.now() - started) / 1000;
  return s;
}

let inFlight: Promise<MetricsSnapshot> | null = null;

/** Scrapes that arrive while one round runs share it. */
export function metricsSnapshot(): Promise<MetricsSnapshot> {
  inFlight ??= load().finally(() => {
    inFlight = null;
  });
  return inFlight;
}
