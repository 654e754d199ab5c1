// Scoring capacity for docs/DEPLOY.md: how many full-size submissions per hour N worker
// processes score, with the (fake, fixed-latency) judge and without one. For each configuration:
// start the workers on a private redis-server, store --n full-size submissions, enqueue them all
// at once and time until the last is SCORED (makespan). Loopback only; no web app, no .next.
//
//   node --import ./bin/register.mjs scripts/bench/capacity.ts [--n 6] [--n-lexical 30] [--workers 1,2] [--judge-latency-ms 300] [--judge-rpm 100000] [--modes lexical,judge]
//
// RECREATES the database --db (default h2hmem_soak_capacity) on the local PostgreSQL of --pg.
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { db } from "../../lib/server/db";
import { enqueueScoring } from "../../lib/server/queue";
import { createSubmission } from "../../lib/server/submissions/create-submission";
import { ensureUser } from "../../lib/server/auth/users";
import { startFakeJudgeServer } from "../../scripts/dev/fake-judge-server";
import { freePort } from "../../scripts/dev/services.mjs";
import { soakFiles } from "../../scripts/soak/files";
import { machine } from "../soak/report";
import { activateFullSizeKey, freshDatabase } from "../soak/setup";
import { childEnv, PrivateRedis, Processes, sleep, waitHttp } from "../soak/stack";
import { percentile } from "../../scripts/soak/stats";

const { values: a } = parseArgs({
  options: {
    n: { type: "string", default: "6" }, // per judge measurement
    "n-lexical": { type: "string", default: "30" }, // per lexical-only measurement (each takes well under a second)
    workers: { type: "string", default: "1,2" },
    modes: { type: "string", default: "lexical,judge" },
    "judge-latency-ms": { type: "string", default: "300" },
    "judge-rpm": { type: "string", default: "100000" },
    concurrency: { type: "string", default: "2" },
    db: { type: "string", default: "h2hmem_soak_capacity" },
    pg: { type: "string", default: process.env.SOAK_PG_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres" },
  },
});
const say = (m: string) => console.log(`[capacity ${new Date().toISOString().slice(11, 19)}] ${m}`);
const logDir = mkdtempSync(path.join(os.tmpdir(), "h2hmem-capacity-logs-"));
const redis = new PrivateRedis(await freePort());
const judge = await startFakeJudgeServer({ latencyMs: Number(a["judge-latency-ms"]) });
const rows: string[] = [];
try {
  await redis.start();
  const dbUrl = await freshDatabase(a.pg!, a.db!);
  Object.assign(process.env, {
    DATABASE_URL: dbUrl,
    REDIS_URL: redis.url,
    QUEUE_PREFIX: "capacity",
    DAILY_SUBMISSION_QUOTA: "0",
    LOG_LEVEL: "warn",
  });
  const key = await activateFullSizeKey();
  const user = await ensureUser({
    email: "capacity@h2hmem.local",
    password: "capacity-password-not-secret",
    role: "SUBMITTER",
  });
  let seed = 1;
  for (const mode of a.modes!.split(",")) {
    for (const workers of a.workers!.split(",").map(Number)) {
      const withJudge = mode === "judge";
      const N = Number(withJudge ? a.n : a["n-lexical"]);
      if (withJudge) await db.judgeCache.deleteMany(); // every answer costs a call, as for new submissions
      const env = childEnv({
        DATABASE_URL: dbUrl,
        REDIS_URL: redis.url,
        QUEUE_PREFIX: "capacity",
        LOG_LEVEL: "warn",
        WORKER_CONCURRENCY: a.concurrency!,
        RECONCILE_INTERVAL_MS: "3600000", // only this script enqueues during the measurement
        ...(withJudge ? { JUDGE_BASE_URL: judge.baseURL, JUDGE_API_KEY: "fake", JUDGE_RPM: a["judge-rpm"]! } : {}),
      });
      const procs = new Processes(logDir, env, Date.now());
      for (let w = 0; w < workers; w++) {
        const port = await freePort();
        procs.worker({ WORKER_HEALTH_PORT: String(port) });
        await waitHttp(`http://127.0.0.1:${port}/health`, 60_000);
      }
      const ids: string[] = [];
      for (let i = 0; i < N; i++, seed++) {
        const files = soakFiles(key.questions, seed);
        const up = {
          dyadic: { fileName: "prediction_dyadic.json", bytes: files.dyadic },
          multiparty: { fileName: "prediction_multiparty.json", bytes: files.multiparty },
        };
        ids.push(
          (
            await createSubmission({
              userId: user.id,
              files: up,
              meta: { methodName: `capacity ${seed}` },
              enqueue: false,
            })
          ).id,
        );
      }
      const calls0 = judge.requests;
      const t0 = Date.now();
      for (const id of ids) await enqueueScoring(id);
      for (;;) {
        const open = await db.submission.count({ where: { id: { in: ids }, status: { notIn: ["SCORED", "FAILED"] } } });
        if (open === 0) break;
        await sleep(200);
      }
      const makespan = (Date.now() - t0) / 1000;
      const subs = await db.submission.findMany({
        where: { id: { in: ids } },
        select: { status: true, scoredAt: true, stages: { where: { stage: "lexical" }, select: { startedAt: true } } },
      });
      const failed = subs.filter((s) => s.status !== "SCORED").length;
      const service = subs.map((s) => (s.scoredAt!.getTime() - s.stages[0]!.startedAt!.getTime()) / 1000);
      await procs.stopAll();
      const perHour = (3600 * N) / makespan;
      const line = `| ${withJudge ? `fake judge, ${judge.latencyMs} ms/call, JUDGE_RPM ${a["judge-rpm"]}` : "no judge (lexical only)"} | ${workers} | ${N} | ${makespan.toFixed(1)} | ${percentile(service, 50).toFixed(1)} | **${perHour.toFixed(0)}** | ${withJudge ? judge.requests - calls0 : "-"} | ${failed} | ${os.loadavg()[0]!.toFixed(1)} |`;
      say(line);
      rows.push(line);
    }
  }
  const head = [
    `Capacity (\`scripts/bench/capacity.ts\`), ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC, ${machine()}; WORKER_CONCURRENCY ${a.concurrency}, JUDGE_CONCURRENCY 8 (default), batch 20; ${key.questions.length} predictions per submission, all enqueued at once; makespan = first enqueue to last SCORED.`,
    "",
    "| judge | worker processes | submissions | makespan s | median per submission s | submissions per hour | judge calls | failed | load avg (1 min) at end |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
  ];
  console.log(`\n${[...head, ...rows].join("\n")}`);
} finally {
  await redis.stop().catch(() => undefined);
  await judge.close();
  await db.$disconnect().catch(() => undefined);
  say(`worker logs in ${logDir}`);
}
process.exit(0);
