// Shared set-up for the pipeline integration tests (not a test file itself).
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadAnswerKeyDir, type LoadedAnswerKey } from "@/lib/server/answer-key/dataset-folder";
import { parsePredictionFile, scoreSubmission, withAnswerKey, type ScoreOutput } from "@/lib/scoring";
import { importAnswerKey } from "@/lib/server/operations/import-answer-key";
import { db } from "@/lib/server/db";
import { resetEnvCache } from "@/lib/server/env";
import { closeQueues } from "@/lib/server/queue";
import { currentLexicalOptions } from "@/lib/server/versions/current-version";
import { ensureUser } from "@/lib/server/auth/users";
import { writeSyntheticDataset, type DatasetSize } from "@/scripts/dev/synthetic-predictions";
import { predictionsWithScores } from "./question-scores";
import { freePort as freePortUntyped, startRedis as startRedisUntyped, TS } from "../../scripts/dev/services.mjs";

export const ROOT = path.resolve(import.meta.dirname, "../..");
export const freePort = freePortUntyped as () => Promise<number>;
export const startRedis = startRedisUntyped as (o: {
  port: number;
}) => Promise<{ url: string; stop: () => Promise<void> }>;

/** Sets (or, with undefined, removes) environment variables and re-reads the env module. */
export async function setEnv(vars: Record<string, string | undefined>): Promise<void> {
  for (const [k, v] of Object.entries(vars)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetEnvCache();
  // The producers reconnect with the new REDIS_URL / QUEUE_PREFIX.
  await closeQueues();
}

// Test files share one database and run one after another: whatever answer key was active
// before a file changed it is re-activated by restoreActiveKey() in its afterAll.
let previousActiveKey: string | null | undefined;

export async function rememberActiveKey(): Promise<void> {
  if (previousActiveKey !== undefined) return; // null = "no key was active", also worth restoring
  previousActiveKey =
    (await db.answerKeyVersion.findFirst({ where: { active: true }, select: { id: true } }))?.id ?? null;
}

export async function restoreActiveKey(): Promise<void> {
  if (previousActiveKey === undefined) return;
  const id = previousActiveKey;
  previousActiveKey = undefined;
  await db.$transaction([
    db.answerKeyVersion.updateMany({
      where: { active: true, ...(id ? { id: { not: id } } : {}) },
      data: { active: false },
    }),
    ...(id ? [db.answerKeyVersion.updateMany({ where: { id }, data: { active: true } })] : []),
  ]);
}

/** Writes a synthetic dataset, imports it as the active answer key and returns it as loaded from disk. */
export async function useSyntheticKey(size: DatasetSize, seed = 7): Promise<LoadedAnswerKey & { dir: string }> {
  await rememberActiveKey();
  const dir = mkdtempSync(path.join(os.tmpdir(), "h2hmem-pipeline-key-"));
  writeSyntheticDataset(dir, size, seed);
  // Activated as a fixture (the flag alone, like restoreActiveKey): the product's activation also
  // pins the board and queues every approved and pending submission of the shared test database
  // for a re-score, which is tested in tests/integration/versions/answer-key-rollout.test.ts.
  const { versionId } = await importAnswerKey(dir, `test key ${seed}`, { activate: false });
  await db.$transaction([
    db.answerKeyVersion.updateMany({ where: { active: true, id: { not: versionId } }, data: { active: false } }),
    db.answerKeyVersion.update({ where: { id: versionId }, data: { active: true } }),
  ]);
  return { ...loadAnswerKeyDir(dir), dir };
}

let userCounter = 0;
export async function freshUser(role: "SUBMITTER" | "ADMIN" = "SUBMITTER") {
  const email = `pipeline-${process.pid}-${Date.now()}-${userCounter++}@test.local`;
  return ensureUser({ email, password: "test-password-123", role });
}

export function uploaded(dyadic: Uint8Array | string, multiparty: Uint8Array | string) {
  const bytes = (b: Uint8Array | string) => (typeof b === "string" ? new TextEncoder().encode(b) : b);
  return {
    dyadic: { fileName: "prediction_dyadic.json", bytes: bytes(dyadic) },
    multiparty: { fileName: "prediction_multiparty.json", bytes: bytes(multiparty) },
  };
}

/** What the library computes for these files, independently of the pipeline (the parity oracle). */
export function libraryScores(dyadic: Uint8Array, multiparty: Uint8Array, key: LoadedAnswerKey): ScoreOutput {
  const d = parsePredictionFile(dyadic, { file: "prediction_dyadic.json", split: "dyadic" });
  const m = parsePredictionFile(multiparty, { file: "prediction_multiparty.json", split: "multi-party" });
  const out = scoreSubmission({
    files: { dyadic: d.items, "multi-party": m.items },
    answerKey: key.questions,
    lexical: currentLexicalOptions(),
  });
  // The pipeline's rows name the key they were computed against (+key=), so the oracle's do too.
  return { ...out, scorerVersion: withAnswerKey(out.scorerVersion, key.digest) };
}

export async function waitFor<T>(
  fn: () => Promise<T | null | undefined | false>,
  what: string,
  timeoutMs = 60_000,
  everyMs = 50,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

export async function waitForStatus(submissionId: string, statuses: string[], timeoutMs = 60_000) {
  return waitFor(
    async () => {
      const s = await db.submission.findUnique({ where: { id: submissionId } });
      return s && statuses.includes(s.status) ? s : null;
    },
    `submission ${submissionId} to reach ${statuses.join("/")}`,
    timeoutMs,
  );
}

export type WorkerProcess = {
  child: ChildProcess;
  lines: string[];
  exit: Promise<number | null>;
  logs: () => Array<Record<string, unknown>>;
};

/** The real worker process (`node --import ./bin/register.mjs workers/index.ts`, as `npm run worker`; npm would put a wrapper in between). */
export function spawnWorker(env: Record<string, string | undefined>): WorkerProcess {
  const child = spawn(process.execPath, [...TS, "workers/index.ts"], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: string[] = [];
  const collect = (d: Buffer) => lines.push(...d.toString("utf8").split("\n").filter(Boolean));
  child.stdout!.on("data", collect);
  child.stderr!.on("data", collect);
  const exit = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const logs = () =>
    lines.flatMap((l) => {
      try {
        return [JSON.parse(l) as Record<string, unknown>];
      } catch {
        return [];
      }
    });
  return { child, lines, exit, logs };
}

/** Comparable Score rows: without ids and timestamps, in a stable order. */
export async function scoreSnapshot(submissionId: string) {
  const rows = await db.score.findMany({ where: { submissionId } });
  return rows
    .map(({ split, scope, metric, aggregate, value, ciLow, ciHigh, n, scorerVersion }) => ({
      scorerVersion,
      split,
      scope,
      metric,
      aggregate,
      value,
      ciLow,
      ciHigh,
      n,
    }))
    .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}

/** Predictions with their lexical per-question scores (one scorer version). */
export async function predictionSnapshot(submissionId: string) {
  const rows = await predictionsWithScores(db, submissionId);
  return rows.map(
    ({ split, index, scorerVersion, precision, recall, f1, bleu1, referenceQuestionId, answerDiffers }) => ({
      split,
      index,
      scorerVersion,
      precision,
      recall,
      f1,
      bleu1,
      referenceQuestionId,
      answerDiffers,
    }),
  );
}

export async function storedCounts() {
  const [submissions, files, predictions, stages] = await Promise.all([
    db.submission.count(),
    db.submissionFile.count(),
    db.prediction.count(),
    db.stageRun.count(),
  ]);
  return { submissions, files, predictions, stages };
}
