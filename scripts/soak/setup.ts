// Database of a soak or capacity run: recreated and migrated; a synthetic full-size answer key
// made active; approved entries so the board, entry and compare pages have content; one
// submitter account with an API token per simulated submitter.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadActiveAnswerKey } from "../../lib/server/answer-key/store";
import { importAnswerKey } from "../../lib/server/operations/import-answer-key";
import { createApiToken } from "../../lib/server/auth/api-tokens";
import { logger } from "../../lib/server/logger";
import { approveSubmission } from "../../lib/server/review/decide";
import { createSubmission } from "../../lib/server/submissions/create-submission";
import { ensureSystemUser, ensureUser } from "../../lib/server/auth/users";
import { scoreSubmissionPipeline } from "../../workers/processors/score-submission";
import { migrateDatabase, recreateDatabase, withDatabase } from "../../scripts/dev/services.mjs";
import { FULL_SIZE, writeSyntheticDataset } from "../../scripts/dev/synthetic-predictions";
import { soakFiles } from "../../scripts/soak/files";

export type Submitter = { index: number; email: string; userId: string; token: string };
export type AnswerKey = NonNullable<Awaited<ReturnType<typeof loadActiveAnswerKey>>>;

/** Drops and recreates `name` on the (local) server of serverUrl and applies the migrations. */
export async function freshDatabase(serverUrl: string, name: string): Promise<string> {
  const url = withDatabase(serverUrl, name);
  await recreateDatabase(serverUrl, name);
  await migrateDatabase(url, { stdio: "inherit" });
  return url;
}

/**
 * Approved entries for the visitors: full-size submissions stored by createSubmission, scored
 * in this process by the worker's own pipeline function, and approved. (Not `npm run db:seed`:
 * with a judge configured it does not exit, see the soak section of docs/BENCHMARKS.md.)
 */
export async function approvedEntries(key: AnswerKey, count: number): Promise<string[]> {
  const owner = await ensureSystemUser("soak-entries@h2hmem.local", "soak entries");
  const admin = await ensureUser({
    email: "soak-admin@h2hmem.local",
    password: "soak-admin-password-not-secret",
    role: "ADMIN",
  });
  const log = logger.child({ component: "soak-setup" });
  const ids: string[] = [];
  for (let i = 1; i <= count; i++) {
    const files = soakFiles(key.questions, i);
    const upload = {
      dyadic: { fileName: "prediction_dyadic.json", bytes: files.dyadic },
      multiparty: { fileName: "prediction_multiparty.json", bytes: files.multiparty },
    };
    const { id } = await createSubmission({
      userId: owner.id,
      files: upload,
      meta: { methodName: `Soak entry ${i} (synthetic)`, organization: "soak test" },
      enqueue: false,
    });
    await scoreSubmissionPipeline(id, log);
    await approveSubmission({ submissionId: id, reviewerId: admin.id });
    ids.push(id);
  }
  return ids;
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
      const { token } = await createApiToken(user.id, { name: `${prefix} ${index + 1}`, scopes: ["submit", "read"] });
      return { index, email, userId: user.id, token };
    }),
  );
}
