// Bounded adversarial run against a real started app (issue 15): for --duration seconds, every
// account uploads near-limit files from several connections at once, one loop sends oversized
// bodies (1 MB JSON to retry and reject, an unannounced 8 MiB stream, a 60 MB announced upload),
// one floods sign-in with wrong passwords, while the web process tree's RSS is sampled every
// 200 ms and /api/health every 500 ms (from a process of its own, scripts/bench/health-probe.mjs). Exit 0 only if the RSS peak stays under --ceiling-mib
// and every health request answered (200 or 503 counted separately, no timeout).
//
//   flock /tmp/next-build.lock sh -c 'npx next build' && npm run bench:adversarial -- [--duration 60] [--uploads-only]
//
// Loopback only: an embedded PostgreSQL (or --pg, whose database --db is RECREATED), a private
// redis-server, `next start` on the existing build. No worker: uploads only need to be stored.
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { createApiToken } from "../../lib/server/auth/api-tokens";
import { ensureUser } from "../../lib/server/auth/users";
import { freePort, startEmbeddedPostgres } from "../../scripts/dev/services.mjs";
import { machine } from "../soak/report";
import { createSubmitters, freshDatabase } from "../soak/setup";
import { childEnv, PrivateRedis, Processes, waitHttp } from "../soak/stack";
import {
  encodeUpload,
  healthProbe,
  largePredictionFile,
  oversizedLoop,
  signInFlood,
  treeRssMiB,
  uploadLoop,
  type Tally,
} from "./adversarial-load";

const { values: a } = parseArgs({
  options: {
    duration: { type: "string", default: "60" },
    accounts: { type: "string", default: "4" },
    connections: { type: "string", default: "3" }, // parallel uploads per account
    "file-mib": { type: "string", default: "1.99" }, // each of the two files (UPLOAD_MAX_BYTES is 2 MiB)
    "per-process": { type: "string", default: "4" }, // UPLOAD_MAX_CONCURRENT_PER_PROCESS
    "in-flight": { type: "string", default: "2" }, // UPLOAD_MAX_IN_FLIGHT_PER_ACCOUNT
    "ceiling-mib": { type: "string", default: "2048" },
    port: { type: "string", default: "3971" },
    pg: { type: "string" },
    db: { type: "string", default: "h2hmem_adversarial" },
    // Only the parallel uploads (no oversized bodies, no sign-in flood): the health target's run.
    "uploads-only": { type: "boolean", default: false },
  },
});
const num = (k: keyof typeof a) => Number(a[k]);
const say = (m: string) => console.log(`[adversarial ${new Date().toISOString().slice(11, 19)}] ${m}`);
if (!existsSync(".next/BUILD_ID"))
  throw new Error("no production build: flock /tmp/next-build.lock sh -c 'npx next build' first");

const tmp = mkdtempSync(path.join(os.tmpdir(), "h2hmem-adversarial-"));
const redis = new PrivateRedis(await freePort());
type Pg = { url: string; stop: () => Promise<void> };
let pg: Pg | null = null;
let procs: Processes | null = null;
let exitCode = 1;
try {
  await redis.start();
  if (!a.pg)
    pg = (await startEmbeddedPostgres({ dataDir: path.join(tmp, "pg"), port: await freePort(), fast: true })) as Pg;
  const dbUrl = await freshDatabase(a.pg ?? pg!.url, a.db!);
  const base = `http://127.0.0.1:${a.port}`;
  const runEnv = {
    DATABASE_URL: dbUrl,
    REDIS_URL: redis.url,
    QUEUE_PREFIX: "adversarial",
    AUTH_SECRET: randomBytes(24).toString("hex"),
    AUTH_URL: base,
    METRICS_TOKEN: randomBytes(24).toString("hex"),
    UPLOAD_MAX_CONCURRENT_PER_PROCESS: a["per-process"]!,
    UPLOAD_MAX_IN_FLIGHT_PER_ACCOUNT: a["in-flight"]!,
    LOG_LEVEL: "warn",
  };
  Object.assign(process.env, runEnv);
  const accounts = await createSubmitters(num("accounts"), "adversarial");
  const admin = await ensureUser({
    email: "adversarial-admin@h2hmem.local",
    password: "adversarial-admin-not-secret",
    role: "ADMIN",
  });
  const adminToken = (await createApiToken(admin.id, { name: "adversarial admin", scopes: ["read", "admin"] }, null))
    .token;

  procs = new Processes(tmp, childEnv(runEnv), Date.now());
  const web = procs.web(num("port"));
  await waitHttp(`${base}/api/health`);
  const baseline = treeRssMiB(web.child.pid!);
  const bodies = await Promise.all(
    accounts.map((s) =>
      encodeUpload({
        dyadic: largePredictionFile(num("file-mib") * 2 ** 20, `d${s.index}`),
        multiparty: largePredictionFile(num("file-mib") * 2 ** 20, `m${s.index}`),
      }),
    ),
  );
  say(
    `web up (RSS ${baseline.toFixed(0)} MiB); ${accounts.length} accounts x ${a.connections} connections, files ${a["file-mib"]} MiB each, for ${a.duration} s`,
  );

  const until = Date.now() + num("duration") * 1000;
  const tally: Tally = new Map();
  let peak = baseline;
  const rss = setInterval(() => (peak = Math.max(peak, treeRssMiB(web.child.pid!))), 200);
  const [health] = await Promise.all([
    healthProbe(base, until),
    ...accounts.flatMap((s, i) =>
      Array.from({ length: num("connections") }, () => uploadLoop(base, s.token, bodies[i]!, until, tally)),
    ),
    ...(a["uploads-only"]
      ? []
      : [
          oversizedLoop(base, accounts[0]!.token, adminToken, until, tally),
          signInFlood(base, [accounts[0]!.email, "adversarial-admin@h2hmem.local"], until, tally),
        ]),
  ]);
  clearInterval(rss);

  const answered = health.filter((h) => typeof h.status === "number");
  const ms = health.map((h) => h.ms).sort((x, y) => x - y);
  const ok = peak < num("ceiling-mib") && answered.length === health.length && health.length > 0;
  const lines = [
    `adversarial run, ${new Date().toISOString().slice(0, 16)} UTC, ${machine()}, load ${os.loadavg()[0]!.toFixed(1)}`,
    `settings: ${accounts.length} accounts x ${a.connections} parallel uploads of 2 x ${a["file-mib"]} MiB, UPLOAD_MAX_CONCURRENT_PER_PROCESS=${a["per-process"]}, UPLOAD_MAX_IN_FLIGHT_PER_ACCOUNT=${a["in-flight"]}, ${a.duration} s`,
    `web RSS (process tree): baseline ${baseline.toFixed(0)} MiB, peak ${peak.toFixed(0)} MiB, ceiling ${a["ceiling-mib"]} MiB`,
    `/api/health: ${health.length} requests, ${answered.length} answered (${[...new Set(answered.map((h) => h.status))].join("/")}), latency p50 ${ms[Math.floor(ms.length / 2)] ?? 0} ms, max ${ms.at(-1) ?? 0} ms`,
    ...[...tally.entries()].sort().map(([k, v]) => `  ${k}: ${v}`),
    ok ? "PASS" : "FAIL",
  ];
  console.log(lines.join("\n"));
  exitCode = ok ? 0 : 1;
} catch (e) {
  console.error(e);
} finally {
  await procs?.stopAll();
  await redis.stop().catch(() => undefined);
  await pg?.stop().catch(() => undefined);
  rmSync(tmp, { recursive: true, force: true });
  process.exit(exitCode);
}
