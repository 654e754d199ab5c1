// Board benchmark (not a test): seeds N approved entries as Score rows only (plain SQL, no
// per-question data) into a SEPARATE database, starts the built app (`next start`, run
// `npx next build` first) against it, and measures with autocannon:
//   /favicon.ico (a public/ file, the ceiling) · /icon.svg (a public/ file through proxy.ts) · / ·
//   a static file holding the board's own HTML (the ceiling for that many bytes) ·
//   an entry page · /api/v1/leaderboard · / and the entry page with a (dummy) session cookie ·
//   /favicon.ico again
//   npx tsx scripts/bench/board.ts [--entries 1000] [--duration 20] [--connections 50] [--port 3720] [--db h2hmem_board_bench] [--quick] [--plain]
// Every request asks for gzip as a browser does; --plain asks for uncompressed bytes.
// Uses DATABASE_URL's server with database --db (dropped and recreated; local servers only) and REDIS_URL for the API rate limiter. Each API request carries a random
// X-Forwarded-For so the per-address limiter (600/min) is exercised but does not cap the run.
import { rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import pg from "pg";
import { scorerVersionFor } from "../../lib/scoring";
import { migrateDatabase, recreateDatabase, withDatabase } from "../../scripts/dev/services.mjs";
import { numArg as arg, randomIp, seedScores, startNext, waitUp } from "./bench-kit";

type Result = {
  requests: { average: number };
  latency: { p50: number; p99: number; average: number };
  non2xx: number;
  errors: number;
  timeouts: number;
};
type Autocannon = (opts: Record<string, unknown>) => Promise<Result>;
const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;

const N = arg("entries", 1000);
const DURATION = arg("duration", 20);
const CONNECTIONS = arg("connections", 50);
const PORT = arg("port", 3720);
const DB = process.argv.includes("--db") ? process.argv[process.argv.indexOf("--db") + 1]! : "h2hmem_board_bench";
const server = process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const url = withDatabase(server, DB) as string;
// The server below runs without a judge, so it reads rows of the lexical scorer version.
const VERSION = scorerVersionFor({
  tokenizer: process.env.LEXICAL_TOKENIZER === "whitespace" ? "whitespace" : "nltk",
  stopwords: "new",
});

async function seed(): Promise<void> {
  await recreateDatabase(server, DB);
  await migrateDatabase(url, { stdio: "ignore" });
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(
      `INSERT INTO "User"(id, email, "updatedAt") VALUES ('bench-user', 'bench-board@h2hmem.local', now())`,
    );
    await c.query(
      `INSERT INTO "Submission"(id, "userId", "methodName", organization, modality, "isBaseline", status, "reviewState", "reviewedAt", "contentSha256", "createdAt", "updatedAt", "scoredAt")
       SELECT 'bench-' || lpad(i::text, 5, '0'), 'bench-user', 'Bench method ' || i, 'Org ' || (i % 37), CASE WHEN i % 3 = 0 THEN 'multimodal' ELSE 'text' END,
              i % 50 = 0, 'SCORED', 'APPROVED', now(), md5(i::text), now() - (i || ' minutes')::interval, now(), now()
       FROM generate_series(1, $1::int) AS i`,
      [N],
    );
    await seedScores(c, VERSION);
    await c.query(`ANALYZE`);
    const { rows } = await c.query(`SELECT count(*)::int AS n FROM "Score"`);
    console.log(`[bench-board] seeded ${N} approved entries, ${rows[0].n} score rows (${VERSION})`);
  } finally {
    await c.end();
  }
}

await seed();
const start = () => startNext(PORT, url, DB);
let web = start();
const base = `http://127.0.0.1:${PORT}`;
// Next lists its static files when it starts, so the copy of the board needs a restart.
const BOARD_COPY = ".next/static/bench-board.html";
const ENCODING: Record<string, string> = process.argv.includes("--plain")
  ? {}
  : { "accept-encoding": "gzip, deflate, br" };
try {
  await waitUp(base);
  const html = await fetch(`${base}/`).then((r) => r.text());
  writeFileSync(BOARD_COPY, html);
  console.log(`[bench-board] the board's HTML: ${Buffer.byteLength(html)} bytes`);
  web.kill("SIGTERM");
  await new Promise((r) => web.once("exit", r));
  web = start();
  await waitUp(base);
  // The static file runs first and last, so each board figure has a ceiling measured minutes
  // apart on a machine whose load changes; the load average is printed with every line.
  const uncached = { cookie: "authjs.session-token=not-a-session" }; // as a signed-in visitor
  const all: Array<{ name: string; path: string; headers?: Record<string, string> }> = [
    { name: "/favicon.ico (static file, ceiling)", path: "/favicon.ico" },
    { name: "/icon.svg (static file through proxy.ts)", path: "/icon.svg" },
    { name: "/ (board, first page of 25 rows)", path: "/" },
    { name: "the board's HTML as a static file", path: "/_next/static/bench-board.html" },
    { name: "/entries/bench-00500", path: "/entries/bench-00500" },
    { name: "/api/v1/leaderboard (all entries)", path: "/api/v1/leaderboard" },
    { name: "/ with a session cookie", path: "/", headers: uncached },
    { name: "/entries/bench-00500 with a session cookie", path: "/entries/bench-00500", headers: uncached },
    { name: "/favicon.ico (static file, ceiling, again)", path: "/favicon.ico" },
  ];
  // --quick: the ceiling, the proxied static file, the anonymous board and its static copy only.
  const targets = process.argv.includes("--quick") ? all.filter((_, i) => i < 4 || i === all.length - 1) : all;
  const out: string[] = [];
  const rps: number[] = [];
  for (const t of targets) {
    const headers = { ...ENCODING, ...t.headers };
    await fetch(base + t.path, { headers }); // warm-up: first render and board cache
    const r = await autocannon({
      url: base,
      connections: CONNECTIONS,
      duration: DURATION,
      requests: [
        {
          method: "GET",
          path: t.path,
          setupRequest: (req: { headers?: Record<string, string> }) => ({
            ...req,
            headers: { ...req.headers, ...headers, "x-forwarded-for": randomIp() },
          }),
        },
      ],
    });
    rps.push(r.requests.average);
    const line = `| ${t.name} | ${r.requests.average.toFixed(0)} | ${r.latency.p50} | ${r.latency.p99} | ${r.non2xx} | ${r.errors + r.timeouts} | ${os.loadavg()[0]!.toFixed(1)} |`;
    console.log(line);
    out.push(line);
  }
  const ceiling = (rps[0]! + rps[rps.length - 1]!) / 2;
  const ratios = targets.slice(1, -1).map((t, i) => `${t.name}: ${((rps[i + 1]! / ceiling) * 100).toFixed(0)}%`);
  ratios.push(`/ against the board's HTML as a static file: ${((rps[2]! / rps[3]!) * 100).toFixed(0)}%`);
  console.log(
    `\n| target | req/s | p50 ms | p99 ms | non-2xx | errors | load avg (1 min) |\n|---|---|---|---|---|---|---|\n${out.join("\n")}`,
  );
  console.log(
    `\nThroughput against the static file (mean of its two runs, ${ceiling.toFixed(0)} req/s):\n${ratios.join("\n")}`,
  );
} finally {
  web.kill("SIGTERM");
  rmSync(BOARD_COPY, { force: true });
}
