// Shared set-up for backup-restore.test.ts (not a test file itself): a seeded source database,
// per-table digests, and the public leaderboard API as served from a given database.
import { cp, mkdir, mkdtemp, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { vi } from "vitest";
import type { PrismaClient } from "@/generated/prisma/client";
import { loadActiveAnswerKey } from "@/lib/server/answer-key/store";
import { importAnswerKey } from "@/lib/server/operations/import-answer-key";
import { createApiToken } from "@/lib/server/auth/api-tokens";
import { appTables } from "@/lib/server/backup/catalog";
import { db } from "@/lib/server/db";
import { logger } from "@/lib/server/logger";
import { approveSubmission, rejectSubmission } from "@/lib/server/review/decide";
import { createSubmission } from "@/lib/server/submissions/create-submission";
import { ensureUser } from "@/lib/server/auth/users";
import { scoreSubmissionPipeline } from "@/workers/processors/score-submission";
import { DEMO_SYSTEMS, demoPredictionFile } from "@/prisma/seed-demo";
import { ROOT, setEnv } from "./pipeline-helpers";

export const MIGRATIONS = path.join(ROOT, "prisma", "migrations");
const holder = globalThis as unknown as { prisma?: PrismaClient };

/** Points the app's shared Prisma client (a lazy singleton) at `url`. */
export async function pointAppAt(url: string): Promise<void> {
  await holder.prisma?.$disconnect();
  holder.prisma = undefined;
  await setEnv({ DATABASE_URL: url });
}

export async function sql<T extends pg.QueryResultRow>(
  url: string,
  text: string,
  values: unknown[] = [],
): Promise<T[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query<T>(text, values)).rows;
  } finally {
    await c.end();
  }
}

/** table -> "rows:md5 of every row's text form, sorted": equal digests = equal contents. */
export async function digests(url: string): Promise<Record<string, string>> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const out: Record<string, string> = {};
    for (const t of await appTables(c)) {
      const q = `SELECT count(*)::text AS n, md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '')) AS h FROM "${t.name}" t`;
      const r = (await c.query<{ n: string; h: string }>(q)).rows[0];
      out[t.name] = `${r.n}:${r.h}`;
    }
    return out;
  } finally {
    await c.end();
  }
}

export const ALL_BYTES = Buffer.from(Array.from({ length: 512 }, (_, i) => i % 256));
export const ODD_JSON = `{"unicode": "ünï ✓ 😀", "escapes": "a\\"b\\\\c\\n\\t\\r", "nested": [1, 2.5, null, true, {}], "big": 12345678901234567890.5}`;
export const ODD_FLOATS = { precision: 0.1 + 0.2, recall: 1 / 3, f1: 5e-324, bleu1: 123456789.12345679 };

/**
 * What the demo seed does (answer key, accounts, demo systems scored by the worker's pipeline with
 * the judge, approved), plus rows with awkward values: raw bytes, odd JSON, floats, a rejected entry,
 * an API token, an Auth.js account and session.
 */
export async function seedSource(): Promise<void> {
  await importAnswerKey(path.join(ROOT, "prisma", "seed-data", "dataset"), "backup test key");
  const admin = await ensureUser({ email: "admin@backup.test", password: "admin-password-1", role: "ADMIN" });
  const author = await ensureUser({ email: "author@backup.test", password: "author-password-1", role: "SUBMITTER" });
  const key = (await loadActiveAnswerKey())!;
  const log = logger.child({ test: "backup" });
  log.level = "warn";
  const ids: string[] = [];
  for (const [i, system] of DEMO_SYSTEMS.entries()) {
    const files = {
      dyadic: {
        fileName: "prediction_dyadic.json",
        bytes: demoPredictionFile(system, key.questions, "dyadic", 1000 + i),
      },
      multiparty: {
        fileName: "prediction_multiparty.json",
        bytes: demoPredictionFile(system, key.questions, "multi-party", 2000 + i),
      },
    };
    const created = await createSubmission({
      userId: author.id,
      files,
      meta: { methodName: system.methodName, modality: "text" },
      enqueue: false,
    });
    await scoreSubmissionPipeline(created.id, log);
    ids.push(created.id);
  }
  for (const id of ids.slice(0, 3)) await approveSubmission({ submissionId: id, reviewerId: admin.id });
  await rejectSubmission({ submissionId: ids[3], reviewerId: admin.id, reason: "rejected for the backup test" });
  await db.submissionFile.create({
    data: {
      submissionId: ids[3],
      split: "raw-probe",
      fileName: "bytes.bin",
      sha256: "x",
      size: ALL_BYTES.length,
      content: ALL_BYTES,
    },
  });
  await db.$executeRawUnsafe(
    `INSERT INTO "AuditEvent" (id, action, "targetType", "targetId", details, "createdAt") VALUES ('odd-json', 'probe', 'x', 'y', $1::jsonb, '2026-01-02 03:04:05.678')`,
    ODD_JSON,
  );
  const odd = await db.questionScore.findFirstOrThrow({
    where: { submissionId: ids[3] },
    orderBy: [{ split: "asc" }, { index: "asc" }, { scorerVersion: "asc" }],
  });
  await db.questionScore.update({
    where: {
      submissionId_split_index_scorerVersion: {
        submissionId: odd.submissionId,
        split: odd.split,
        index: odd.index,
        scorerVersion: odd.scorerVersion,
      },
    },
    data: { ...ODD_FLOATS, judgeReasoning: "tab\there\nnewline \\ backslash \u0001" },
  });
  await createApiToken(author.id, { name: "backup test token", scopes: ["submit", "read"] });
  await db.account.create({
    data: { userId: author.id, type: "oauth", provider: "github", providerAccountId: "42", access_token: "t" },
  });
  await db.session.create({
    data: { userId: author.id, sessionToken: "session-token", expires: new Date("2030-01-01T00:00:00.123Z") },
  });
}

const VIEWS = (["overall", "dyadic", "multi-party"] as const).flatMap((split) =>
  (["f1", "judge", "bleu1"] as const).flatMap((metric) =>
    (["micro", "macro"] as const).map((aggregate) => ({ split, metric, aggregate })),
  ),
);

/** GET /api/v1/leaderboard for every split x metric x aggregate, from fresh modules (no board cache) on `url`. */
export async function boards(url: string): Promise<Record<string, unknown>> {
  const previous = process.env.DATABASE_URL!;
  await pointAppAt(url);
  vi.resetModules();
  try {
    const route = await import("@/app/api/v1/leaderboard/route");
    const out: Record<string, unknown> = {};
    for (const v of VIEWS) {
      const qs = new URLSearchParams(v).toString();
      const res = await route.GET(new Request(`http://backup.test/api/v1/leaderboard?${qs}`), {
        params: Promise.resolve({}),
      });
      if (res.status !== 200) throw new Error(`leaderboard ${qs}: HTTP ${res.status} ${await res.text()}`);
      const { generatedAt: _g, ...body } = (await res.json()) as Record<string, unknown>;
      out[qs] = body;
    }
    return out;
  } finally {
    await pointAppAt(previous);
  }
}

/** A copy of the migrations plus one that adds a table with a sequence and more column types. */
export async function migrationsWithProbe(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "h2hmem-backup-migrations-"));
  await cp(MIGRATIONS, dir, { recursive: true });
  await mkdir(path.join(dir, "29990101000000_backup_probe"));
  await writeFile(
    path.join(dir, "29990101000000_backup_probe", "migration.sql"),
    `CREATE TABLE "BackupProbe" (id SERIAL PRIMARY KEY, payload BYTEA, at TIMESTAMPTZ, doc JSONB, amount NUMERIC, span INTERVAL, tags TEXT[]);`,
  );
  return dir;
}
