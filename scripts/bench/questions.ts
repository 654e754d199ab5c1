// Question explorer benchmark (issue 50, not a test): seeds N approved entries x Q key questions (Submission,
// headline Score, Prediction and QuestionScore rows, plain SQL) into a SEPARATE database, times the explorer's
// grouped query cold in this process, then starts the built app (`next start`, run `npx next build` first) and
// measures /questions, a question's page and the API with autocannon on a warm server.
//   node --import ./bin/register.mjs scripts/bench/questions.ts [--entries 1000] [--questions 2236] [--duration 15] [--connections 10] [--port 3721] [--db h2hmem_questions_bench]
import { createRequire } from "node:module";
import os from "node:os";
import pg from "pg";
import { CATEGORY_CODES, scorerVersionFor } from "../../lib/scoring";
import { migrateDatabase, recreateDatabase } from "../dev/services.mjs";
import { benchDatabase, numArg, randomIp, startNext, waitUp } from "./bench-kit";

type Result = { requests: { average: number }; latency: { p50: number; p99: number }; non2xx: number; errors: number };
const autocannon = createRequire(import.meta.url)("autocannon") as (o: Record<string, unknown>) => Promise<Result>;

const N = numArg("entries", 1000);
const Q = numArg("questions", 2236);
const PORT = numArg("port", 3721);
const { DB, server, url } = benchDatabase("h2hmem_questions_bench");
const SHA = "b".repeat(64);
// The server runs without a judge: the lexical version against the bench key, F1 the headline.
const VERSION = `${scorerVersionFor({ stopwords: "new" })}+key=${SHA.slice(0, 8)}`;

async function seed(c: pg.Client): Promise<void> {
  const q = (sql: string, args: unknown[] = []) => c.query(sql, args);
  await q(`INSERT INTO "User"(id, email, "updatedAt") VALUES ('bench-user', 'bench-questions@h2hmem.local', now())`);
  await q(
    `INSERT INTO "AnswerKeyVersion"(id, label, "contentSha256", "questionCount", active) VALUES ('bench-key', 'bench key', $1, $2, true)`,
    [SHA, Q],
  );
  // Two thirds dyadic; 8 questions per session file, 10 sessions per dialogue.
  await q(
    `INSERT INTO "ReferenceQuestion"(id, "versionId", qid, split, dialogue, session, index, "questionText", category, "mainType", difficulty, answer)
     SELECT 'rq-' || i, 'bench-key', sp || '/dialogue' || (f / 10) || '/session' || (f % 10) || '/' || (k % 8), sp, f / 10, f % 10, k % 8,
            'Bench question ' || i || '?', ($2::text[])[1 + i % 9], 'RECALL', (ARRAY['easy','medium','hard'])[1 + i % 3], 'answer ' || i
     FROM (SELECT i, CASE WHEN i <= d THEN 'dyadic' ELSE 'multi-party' END AS sp,
                  CASE WHEN i <= d THEN i - 1 ELSE i - 1 - d END AS k, (CASE WHEN i <= d THEN i - 1 ELSE i - 1 - d END) / 8 AS f
           FROM generate_series(1, $1::int) AS i, (SELECT $1::int * 2 / 3 AS d) dd) t`,
    [Q, [...CATEGORY_CODES]],
  );
  await q(
    `INSERT INTO "Submission"(id, "userId", "methodName", status, "reviewState", "contentSha256", "updatedAt", "scoredAt")
     SELECT 'bench-' || lpad(i::text, 5, '0'), 'bench-user', 'Bench method ' || i, 'SCORED', 'APPROVED', md5(i::text), now(), now()
     FROM generate_series(1, $1::int) AS i`,
    [N],
  );
  await q(
    `INSERT INTO "Score"(id, "submissionId", "scorerVersion", split, scope, metric, aggregate, value, n)
     SELECT 'sc-' || s.id, s.id, $1, 'overall', 'ALL', 'f1', 'micro', random(), $2 FROM "Submission" s`,
    [VERSION, Q],
  );
  // Each entry answers each question; its rows carry the prediction's index in its own file.
  await q(
    `INSERT INTO "Prediction"(id, "submissionId", split, index, "questionText", "systemAnswer", "originalAnswer", category, "referenceQuestionId")
     SELECT s.id || '-' || r.id, s.id, r.split, row_number() OVER (PARTITION BY s.id, r.split ORDER BY r.id) - 1,
            r."questionText", 'system answer', r.answer, r.category, r.id
     FROM "Submission" s CROSS JOIN "ReferenceQuestion" r`,
  );
  await q(
    `INSERT INTO "QuestionScore"("submissionId", "scorerVersion", split, index, precision, recall, f1, bleu1)
     SELECT p."submissionId", $1, p.split, p.index, x, x, x, x FROM (SELECT *, random() AS x FROM "Prediction") p`,
    [VERSION],
  );
  await q(`INSERT INTO "Setting"(key, value, "updatedAt") VALUES ('published_scorer_version', $1, now())`, [VERSION]);
  await q(`ANALYZE`);
}

async function timed<T>(f: () => Promise<T>): Promise<[T, number]> {
  const t = performance.now();
  const v = await f();
  return [v, performance.now() - t];
}

await recreateDatabase(server, DB);
await migrateDatabase(url, { stdio: "ignore" });
const c = new pg.Client({ connectionString: url });
await c.connect();
const [, seedMs] = await timed(() => seed(c));
await c.end();
console.log(`[bench-questions] seeded ${N} entries x ${Q} questions in ${(seedMs / 1000).toFixed(0)} s (${VERSION})`);

process.env.DATABASE_URL = url;
const { questionExplorer } = await import("../../lib/server/leaderboard/question-stats");
const [ex, coldMs] = await timed(() => questionExplorer());
const [, warmMs] = await timed(() => questionExplorer());
console.log(
  `[bench-questions] explorer computed cold in ${coldMs.toFixed(0)} ms (${ex.entries.length} entries, ${ex.questions.length} questions), warm ${warmMs.toFixed(2)} ms`,
);

const web = startNext(PORT, url, DB);
const base = `http://127.0.0.1:${PORT}`;
try {
  await waitUp(base);
  const one = ex.questions[Math.floor(Q / 2)]!.id;
  const targets = [
    ["/questions (first page of 50)", "/questions"],
    ["/questions?category=TR&difficulty=hard&page=2", "/questions?category=TR&difficulty=hard&page=2"],
    [`/questions/${one}`, `/questions/${one}`],
    ["/api/v1/questions?perPage=50", "/api/v1/questions?perPage=50"],
    ["/api/v1/questions?unsolved=1&perPage=500", "/api/v1/questions?unsolved=1&perPage=500"],
    [`/api/v1/questions/${one}`, `/api/v1/questions/${one}`],
  ];
  const lines: string[] = [];
  for (const [name, path] of targets) {
    const [, firstMs] = await timed(() => fetch(base + path).then((r) => r.text()));
    const r = await autocannon({
      url: base,
      connections: numArg("connections", 10),
      duration: numArg("duration", 15),
      requests: [
        {
          method: "GET",
          path,
          setupRequest: (req: { headers?: Record<string, string> }) => ({
            ...req,
            headers: { ...req.headers, "accept-encoding": "gzip", "x-forwarded-for": randomIp() },
          }),
        },
      ],
    });
    const line = `| ${name} | ${firstMs.toFixed(0)} | ${r.requests.average.toFixed(0)} | ${r.latency.p50} | ${r.latency.p99} | ${r.non2xx} | ${r.errors} | ${os.loadavg()[0]!.toFixed(1)} |`;
    console.log(line);
    lines.push(line);
  }
  console.log(
    `\n| target | first request ms | req/s | p50 ms | p99 ms | non-2xx | errors | load avg |\n|---|---|---|---|---|---|---|---|\n${lines.join("\n")}`,
  );
} finally {
  web.kill("SIGTERM");
}
process.exit(0);
