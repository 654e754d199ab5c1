import { readFileSync } from "node:fs";
import path from "node:path";
import bcrypt from "bcryptjs";
import { createApiToken } from "@/lib/server/auth/api-tokens";
import { db } from "@/lib/server/db";
import type { Logger } from "@/lib/server/logger";
import { createSubmission } from "@/lib/server/submissions/create-submission";
import type { TokenScope } from "@/lib/validation/api-token";
import { scoreSubmissionPipeline } from "@/workers/processors/score-submission";

// Route handlers are called directly with Request objects (no server process): auth goes
// through real API tokens, so the same code path as `Authorization: Bearer` in production.

export const FIXTURES = path.resolve(import.meta.dirname, "../fixtures/predictions");
const ALL_BUT_ADMIN: TokenScope[] = ["submit", "read", "webhooks", "publish"];

/** A user with an API token holding every scope the role may have (pass `scopes` to narrow it). */
export async function userWithToken(
  label: string,
  role: "SUBMITTER" | "ADMIN",
  scopes?: TokenScope[],
): Promise<{ id: string; email: string; token: string }> {
  const email = `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@api-test.local`;
  // Verified, like every account an operator creates (it may open disputes).
  const user = await db.user.create({
    data: { email, role, passwordHash: await bcrypt.hash("unused-password", 4), emailVerified: new Date() },
  });
  const { token } = await createApiToken(user.id, {
    name: "api test",
    scopes: scopes ?? (role === "ADMIN" ? [...ALL_BUT_ADMIN, "admin"] : ALL_BUT_ADMIN),
  });
  return { id: user.id, email, token };
}

export function fixtureBlob(rel: string, stamp?: string): Blob {
  let text = readFileSync(path.join(FIXTURES, rel), "utf8");
  if (stamp) {
    // Uploads are deduplicated by content hash: make each run's files unique.
    const json = JSON.parse(text) as { predictions: Array<{ system_answer: string }> };
    json.predictions[0]!.system_answer += ` (${stamp})`;
    text = JSON.stringify(json);
  }
  return new Blob([text], { type: "application/json" });
}

export function req(url: string, init: RequestInit & { token?: string } = {}): Request {
  const headers = new Headers(init.headers);
  if (init.token) headers.set("authorization", `Bearer ${init.token}`);
  return new Request(new URL(url, "http://api.test"), { ...init, headers });
}

export function ctx<P>(params: P): { params: Promise<P> } {
  return { params: Promise.resolve(params) };
}

/** A submission of the good fixture files (unique per stamp), scored by the worker's pipeline in-process. */
export async function scoredSubmission(userId: string, stamp: string, log: Logger): Promise<string> {
  const bytes = async (rel: string) => new Uint8Array(await fixtureBlob(rel, stamp).arrayBuffer());
  const files = {
    dyadic: { fileName: "prediction_dyadic.json", bytes: await bytes("good/prediction_dyadic.json") },
    multiparty: { fileName: "prediction_multiparty.json", bytes: await bytes("good/prediction_multiparty.json") },
  };
  const { id } = await createSubmission({ userId, files, meta: { methodName: stamp }, enqueue: false });
  const outcome = await scoreSubmissionPipeline(id, log);
  if (outcome !== "scored") throw new Error(`fixture submission ${id} was not scored (${outcome})`);
  return id;
}
