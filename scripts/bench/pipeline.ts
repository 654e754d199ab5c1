// Pipeline benchmark: time from createSubmission to lexical scores stored, for a full-size
// submission (2,046 dyadic + 190 multi-party predictions) on a synthetic full-size answer key,
// with a real BullMQ worker (in-process) on REDIS_URL and Postgres on DATABASE_URL.
//   DATABASE_URL=... REDIS_URL=... QUEUE_PREFIX=bench node --import ./bin/register.mjs scripts/bench/pipeline.ts [runs] [--evidence]
// --evidence (issue 48): to SCORED instead, every other upload with retrieved_sessions, medians per
// kind and the evidence report's own time (storeEvidenceReport, run again on a scored upload).
// The database must be migrated; the bench's submissions are deleted afterwards, but the
// synthetic answer key stays imported and ACTIVE: do not run against production.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadActiveAnswerKey } from "../../lib/server/answer-key/store";
import { importAnswerKey } from "../../lib/server/operations/import-answer-key";
import { db } from "../../lib/server/db";
import { logger } from "../../lib/server/logger";
import { closeQueues } from "../../lib/server/queue";
import { createSubmission } from "../../lib/server/submissions/create-submission";
import { ensureUser } from "../../lib/server/auth/users";
import { createScoringWorker } from "../../workers/worker";
import { storeEvidenceReport } from "../../lib/server/scores/evidence-reports";
import { FULL_SIZE, syntheticPredictions, writeSyntheticDataset } from "../../scripts/dev/synthetic-predictions";

const runs = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 3);
const quiet = logger.child({});
quiet.level = process.argv.includes("--verbose") ? "info" : "warn";

const evidence = process.argv.includes("--evidence");

async function waitLexicalDone(submissionId: string): Promise<void> {
  for (;;) {
    if (evidence) {
      const s = await db.submission.findUniqueOrThrow({ where: { id: submissionId }, select: { status: true } });
      if (s.status === "SCORED") return;
      if (s.status === "FAILED") throw new Error("scoring failed");
      await new Promise((r) => setTimeout(r, 20));
      continue;
    }
    const s = await db.stageRun.findUnique({ where: { submissionId_stage: { submissionId, stage: "lexical" } } });
    if (s?.status === "DONE") return;
    if (s?.status === "FAILED") throw new Error(`lexical stage failed: ${s.error}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const dir = mkdtempSync(path.join(os.tmpdir(), "h2hmem-bench-"));
const created: string[] = [];
const worker = createScoringWorker(quiet);
try {
  writeSyntheticDataset(dir, FULL_SIZE);
  await importAnswerKey(dir, "bench synthetic full-size key");
  const key = (await loadActiveAnswerKey())!;
  const user = await ensureUser({ email: "bench@h2hmem.local", password: "bench-password-not-secret", role: "ADMIN" });
  const results: Array<{ create: number; total: number; retrieve: boolean }> = [];
  for (let i = 0; i < runs; i++) {
    const seed = Date.now() + i; // distinct content, or deduplication would return the first run
    const retrieve = evidence && i % 2 === 1;
    const files = {
      dyadic: {
        fileName: "prediction_dyadic.json",
        bytes: syntheticPredictions(key.questions, "dyadic", { seed, retrieve }),
      },
      multiparty: {
        fileName: "prediction_multiparty.json",
        bytes: syntheticPredictions(key.questions, "multi-party", { seed: seed + 1, retrieve }),
      },
    };
    const t0 = performance.now();
    const res = await createSubmission({ userId: user.id, files, meta: { methodName: `bench ${i}` } });
    const t1 = performance.now();
    created.push(res.id);
    await waitLexicalDone(res.id);
    const t2 = performance.now();
    results.push({ create: t1 - t0, total: t2 - t0, retrieve });
    console.log(
      `run ${i + 1}${retrieve ? " (retrieved_sessions)" : ""}: createSubmission ${(t1 - t0).toFixed(0)} ms, createSubmission -> ${evidence ? "SCORED" : "lexical scores stored"} ${(t2 - t0).toFixed(0)} ms`,
    );
  }
  if (evidence) {
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    for (const kind of [false, true])
      console.log(
        `${kind ? "with" : "without"} retrieved_sessions: median ${median(results.filter((r) => r.retrieve === kind).map((r) => r.total)).toFixed(0)} ms to SCORED`,
      );
    const t = performance.now();
    await storeEvidenceReport(created[results.findLastIndex((r) => r.retrieve)]!);
    console.log(
      `storeEvidenceReport alone (full size, with retrieved_sessions): ${(performance.now() - t).toFixed(0)} ms`,
    );
  }
  const sorted = results.map((r) => r.total).sort((a, b) => a - b);
  console.log(
    `predictions per submission: ${key.questions.length}; median ${sorted[Math.floor(sorted.length / 2)].toFixed(0)} ms over ${runs} runs (min ${sorted[0].toFixed(0)}, max ${sorted[sorted.length - 1].toFixed(0)})`,
  );
} finally {
  await worker.worker.close();
  await db.submission.deleteMany({ where: { id: { in: created } } });
  await closeQueues();
  await db.$disconnect();
  rmSync(dir, { recursive: true, force: true });
}
