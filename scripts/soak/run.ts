// Mixed-load soak (issue #8): for --duration seconds, --visitors browse the board, entry and
// compare pages while --submitters upload full-size submissions in a loop and the worker scores
// them with the fake judge; the worker is SIGKILLed once and Redis is made unavailable for
// --outage-seconds once. Then every accepted submission must reach a final state with results
// identical to scoring its files alone. Exit 0 only when that bar is met.
//
//   flock /tmp/next-build.lock sh -c 'npx next build && npm run soak -- [--duration 300] [--record]'
//
// Loopback only. It RECREATES the database --db (default h2hmem_soak) on the local PostgreSQL of
// --pg, runs its own redis-server on a free port, `next start` on the existing build (.next is
// shared: hold the build lock, see the command above) and worker processes. Logs go to a temp dir.
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { startFakeJudgeServer, type FakeJudgeServer } from "../../scripts/dev/fake-judge-server";
import { freePort } from "../../scripts/dev/services.mjs";
import { runChaos, schedule } from "./chaos";
import { submitter, visitor, type LoadContext, type SubmitterState } from "./load";
import { loadSampler, record, renderReport } from "./report";
import { activateFullSizeKey, approvedEntries, createSubmitters, freshDatabase } from "./setup";
import { childEnv, PrivateRedis, Processes, waitHttp } from "./stack";
import { Recorder } from "../../scripts/soak/stats";
import { barMet, drain, verify } from "./verify";

const { values: a } = parseArgs({
  options: {
    duration: { type: "string", default: "300" },
    visitors: { type: "string", default: "20" },
    submitters: { type: "string", default: "10" },
    entries: { type: "string", default: "6" },
    "think-ms": { type: "string", default: "1000" },
    "judge-latency-ms": { type: "string", default: "300" },
    // The fake judge has no provider quota: lift the 500/min default so the judge's latency and
    // concurrency, not the rate gate, bound scoring (see scripts/bench/capacity.ts for both).
    "judge-rpm": { type: "string", default: "100000" },
    "no-judge": { type: "boolean", default: false },
    "redis-outage": { type: "string", default: "restart" },
    "outage-seconds": { type: "string", default: "20" },
    "drain-timeout": { type: "string", default: "600" },
    port: { type: "string", default: "3963" },
    db: { type: "string", default: "h2hmem_soak" },
    pg: { type: "string", default: process.env.SOAK_PG_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres" },
    prefix: { type: "string", default: "soak" },
    record: { type: "boolean", default: false },
  },
});
const num = (k: keyof typeof a) => {
  const n = Number(a[k]);
  if (!Number.isFinite(n) || n < 0) throw new Error(`--${k} must be a non-negative number, got ${a[k]}`);
  return n;
};
const durationMs = num("duration") * 1000;
const outageMode = a["redis-outage"] === "stop" ? "stop" : a["redis-outage"] === "restart" ? "restart" : null;
if (!outageMode) throw new Error("--redis-outage must be restart or stop");
if (!existsSync(".next/BUILD_ID"))
  throw new Error(
    "no production build: run inside the build lock: flock /tmp/next-build.lock sh -c 'npx next build && npm run soak'",
  );

const say = (m: string) => console.log(`[soak ${new Date().toISOString().slice(11, 19)}] ${m}`);
const logDir = mkdtempSync(path.join(os.tmpdir(), "h2hmem-soak-logs-"));
const redis = new PrivateRedis(await freePort());
let judge: FakeJudgeServer | null = null;
let procs: Processes | null = null;
let exitCode = 1;
try {
  await redis.start();
  if (!a["no-judge"]) judge = await startFakeJudgeServer({ latencyMs: num("judge-latency-ms") });
  const dbUrl = await freshDatabase(a.pg!, a.db!);
  const runEnv: Record<string, string> = {
    DATABASE_URL: dbUrl,
    REDIS_URL: redis.url,
    QUEUE_PREFIX: a.prefix!,
    DAILY_SUBMISSION_QUOTA: "0", // the soak accounts upload far more than a day's quota
    AUTH_SECRET: randomBytes(24).toString("hex"),
    AUTH_URL: `http://127.0.0.1:${a.port}`,
    LOG_LEVEL: "info",
    ...(judge ? { JUDGE_BASE_URL: judge.baseURL, JUDGE_API_KEY: "fake", JUDGE_RPM: a["judge-rpm"]! } : {}),
  };
  Object.assign(process.env, runEnv, { LOG_LEVEL: "warn" }); // same database and scorer version as web and worker
  const env = childEnv(runEnv);
  say(
    `database ${a.db}, redis ${redis.url}, judge ${judge ? `${judge.baseURL} (${judge.latencyMs} ms)` : "not configured"}, logs ${logDir}`,
  );
  const key = await activateFullSizeKey();
  if (judge) judge.latencyMs = 0; // setup only: the entries' judge calls need not wait
  const entryIds = await approvedEntries(key, num("entries"));
  if (judge) judge.latencyMs = num("judge-latency-ms");
  const submitters = await createSubmitters(num("submitters"), a.prefix!);
  const ownerIds = submitters.map((s) => s.userId);
  say(
    `${entryIds.length} approved entries; full-size key ${key.questions.length} questions; ${submitters.length} submitter accounts`,
  );

  const t0 = Date.now();
  procs = new Processes(logDir, env, t0);
  procs.web(Number(a.port));
  const worker = { current: procs.worker() };
  const base = `http://127.0.0.1:${a.port}`;
  await waitHttp(`${base}/about`);
  for (const p of ["/", `/entries/${entryIds[0]}`, `/compare?ids=${entryIds[0]}&ids=${entryIds[1]}`])
    await waitHttp(base + p); // first renders
  say(`web and worker up; load for ${durationMs / 1000} s`);

  const recorder = new Recorder();
  const loadStart = Date.now();
  let stopped = false;
  const ctx: LoadContext = { base, recorder, t0: loadStart, stopped: () => stopped };
  const events: string[] = [];
  const event = (m: string) => (events.push(`+${((Date.now() - loadStart) / 1000).toFixed(1)} s: ${m}`), say(m));
  const sampler = loadSampler();
  const state: SubmitterState = { accepted: new Map(), attempts: 0, retriedUploads: 0 };
  const chaos = schedule(durationMs, num("outage-seconds") * 1000, outageMode);
  const loops = [
    ...Array.from({ length: num("visitors") }, (_, i) => visitor(ctx, i, entryIds, num("think-ms"))),
    ...submitters.map((s) => submitter(ctx, s, key.questions, loadStart % 1_000_000_000, state)),
  ];
  const chaosDone = runChaos({ chaos, t0: loadStart, procs, worker, workerEnv: {}, redis, ownerIds, say: event });
  const progress = setInterval(
    () => say(`${recorder.samples.length} requests, ${state.accepted.size} submissions accepted`),
    30_000,
  );
  await new Promise((r) => setTimeout(r, durationMs));
  stopped = true;
  event("load stopped; waiting for in-flight requests");
  await Promise.all([...loops, chaosDone]);
  clearInterval(progress);

  const drained = await drain(ownerIds, num("drain-timeout") * 1000, (open) =>
    say(`draining: ${open} submission(s) not final yet`),
  );
  event(`drain finished after ${(drained.ms / 1000).toFixed(1)} s`);
  sampler.stop();
  const { currentLexicalOptions, currentScorerVersion } = await import("../../lib/server/versions/current-version");
  const verified = await verify({
    ownerIds,
    accepted: state.accepted,
    key,
    lexical: currentLexicalOptions(),
    scorerVersion: await currentScorerVersion(),
    withJudge: judge !== null,
  });
  const failures = [...barMet(verified, drained, procs.crashes)];
  if (recorder.summary().requests === 0) failures.push("no request was made");

  const cmd = `npm run soak -- ${process.argv.slice(2).join(" ")}`.trim();
  const config =
    `${num("visitors")} visitors (think time 0-${2 * num("think-ms")} ms), ${submitters.length} submitters (upload, follow the status to the end, repeat), ` +
    `${durationMs / 1000} s of load; full-size submissions (${key.questions.length} predictions); one worker at a time (WORKER_CONCURRENCY 2, other worker settings at their defaults); ` +
    `judge: ${judge ? `fake OpenAI-compatible server, ${judge.latencyMs} ms per reply, JUDGE_RPM ${a["judge-rpm"]}` : "not configured"}; Redis outage mode: ${outageMode}.`;
  const md = renderReport({
    command: cmd,
    config,
    events,
    recorder,
    uploadsSent: state.attempts,
    retriedUploads: state.retriedUploads,
    judgeCalls: judge?.requests ?? null,
    drain: drained,
    verify: verified,
    failures,
    load: sampler.describe(),
    logDir,
    outage: { fromMs: chaos.outageAtMs, toMs: chaos.outageAtMs + chaos.outageMs },
  });
  console.log(`\n${md}`);
  if (a.record) say(`appended to ${record(md)}`);
  exitCode = failures.length === 0 ? 0 : 1;
} catch (e) {
  console.error(`[soak] aborted: ${(e as Error).stack ?? e}`);
} finally {
  await procs?.stopAll();
  await redis.stop().catch(() => undefined);
  await judge?.close();
  const { db } = await import("../../lib/server/db");
  await db.$disconnect().catch(() => undefined);
  say(`logs kept in ${logDir}; database ${a.db} kept for inspection`);
}
process.exit(exitCode);
