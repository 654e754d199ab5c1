// Database of a soak or capacity run: recreated, migrated, seeded (approved demo entries so the
// board, entry and compare pages have content), then a synthetic full-size answer key is made
// active and one submitter account with an API token per simulated submitter is created.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { importAnswerKey, loadActiveAnswerKey } from "../../lib/server/answer-key";
import { createApiToken } from "../../lib/server/api-tokens";
import { db } from "../../lib/server/db";
import { ensureUser } from "../../lib/server/users";
import { migrateDatabase, recreateDatabase, runNode, TSX, withDatabase } from "../lib/services.mjs";
import { FULL_SIZE, writeSyntheticDataset } from "../pipeline-fixtures";

export type Submitter = { index: number; email: string; userId: string; token: string };
export type AnswerKey = NonNullable<Awaited<ReturnType<typeof loadActiveAnswerKey>>>;

/** Drops and recreates `name` on the (local) server of serverUrl and applies the migrations. */
export async function freshDatabase(serverUrl: string, name: string): Promise<string> {
  const url = withDatabase(serverUrl, name);
  await recreateDatabase(serverUrl, name);
  await migrateDatabase(url, { stdio: "inherit" });
  return url;
}

/** `npm run db:seed` in a child with the run's environment (the judge must be up if configured). */
export async function seedDemo(env: NodeJS.ProcessEnv): Promise<void> {
  const code = await runNode([TSX, "prisma/seed.ts"], { env: { ...env, LOG_LEVEL: "warn" }, stdio: "inherit" });
  if (code !== 0) throw new Error(`prisma/seed.ts failed (exit ${code})`);
}

/** Imports and activates the synthetic full-size key (2,046 + 190 questions); returns it. */
export async function activateFullSizeKey(): Promise<AnswerKey> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "h2hmem-soak-key-"));
  try {
    writeSyntheticDataset(dir, FULL_SIZE);
    await importAnswerKey(dir, "soak: synthetic full-size key");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const key = await loadActiveAnswerKey();
  if (!key) throw new Error("no active answer key after import");
  return key;
}

export async function createSubmitters(count: number, prefix: string): Promise<Submitter[]> {
  return Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const email = `${prefix}-${index + 1}@h2hmem.local`;
      const user = await ensureUser({ email, password: `${prefix}-password-not-secret`, role: "SUBMITTER" });
      const { token } = await createApiToken(user.id, `${prefix} ${index + 1}`);
      return { index, email, userId: user.id, token };
    }),
  );
}

/** Ids of the approved entries (the seeded demo entries). */
export async function approvedEntryIds(): Promise<string[]> {
  const rows = await db.submission.findMany({ where: { reviewState: "APPROVED", status: "SCORED" }, select: { id: true }, orderBy: { createdAt: "asc" } });
  return rows.map((r) => r.id);
}
