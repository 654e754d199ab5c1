import { createHash } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { compactVerify, createLocalJWKSet, type JSONWebKeySet } from "jose";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/server/db";
import { resetEnvCache } from "@/lib/server/env";
import { writeBoardSnapshot } from "@/lib/server/history/snapshots";
import { logger } from "@/lib/server/logger";
import { approveSubmission } from "@/lib/server/review/decide";
import { createSubmission } from "@/lib/server/submissions/create-submission";
import { receiptPayloadSchema } from "@/lib/validation/receipt";
import { scoreSubmissionPipeline } from "@/workers/processors/score-submission";
import { fixtureBlob, userWithToken } from "../../support/api-helpers";
import { startRouteServer, type RouteServer } from "../../support/api-server";
import { newReceiptKey, nodeVerifies } from "../../support/receipts";
import { runH2hmem } from "../../support/run-h2hmem";

// Issue 49, point 1 over real HTTP, Postgres and Redis: the receipt of an approved entry carries
// the entry's published numbers and file hashes, verifies against the served JWKS (with jose and
// with plain Node crypto), and `h2hmem receipt verify` accepts it offline with the saved JWKS.

let author: Awaited<ReturnType<typeof userWithToken>>;
let admin: Awaited<ReturnType<typeof userWithToken>>;
let server: RouteServer;
let approvedId = "";
let pendingId = "";
const dir = mkdtempSync(path.join(tmpdir(), "h2hmem-receipt-it-"));
const at = (name: string) => path.join(dir, name);
const uploaded: Record<string, Uint8Array> = {};
const KEY = newReceiptKey().pem;
const useKey = (pem: string) => {
  vi.stubEnv("RECEIPT_SIGNING_KEY", pem);
  resetEnvCache();
};

const score = async (id: string) =>
  expect(await scoreSubmissionPipeline(id, logger.child({ test: "receipt" }))).toBe("scored");

async function pending(stamp: string): Promise<string> {
  const bytes = async (rel: string) => new Uint8Array(await fixtureBlob(rel, stamp).arrayBuffer());
  const files = {
    dyadic: { fileName: "prediction_dyadic.json", bytes: await bytes("good/prediction_dyadic.json") },
    multiparty: { fileName: "prediction_multiparty.json", bytes: await bytes("good/prediction_multiparty.json") },
  };
  const { id } = await createSubmission({ userId: author.id, files, meta: { methodName: stamp }, enqueue: false });
  await score(id);
  return id;
}

/** Uploaded as the CLI and the form do (multipart), with the method card's who-ran-it fields (issue 49, point 4). */
async function uploadedThirdParty(stamp: string): Promise<string> {
  const form = new FormData();
  for (const [field, rel] of [
    ["dyadic", "good/prediction_dyadic.json"],
    ["multiparty", "good/prediction_multiparty.json"],
  ] as const) {
    const blob = fixtureBlob(rel, stamp);
    uploaded[field] = new Uint8Array(await blob.arrayBuffer());
    form.set(field, blob, `prediction_${field}.json`);
  }
  form.set("methodName", stamp);
  form.set("ranBy", "third-party");
  form.set("methodOwner", "Original authors");
  const r = await fetch(`${server.url}/api/v1/submissions`, {
    method: "POST",
    headers: { authorization: `Bearer ${author.token}` },
    body: form,
  });
  expect(r.status).toBe(202);
  const { id } = (await r.json()) as { id: string };
  await score(id);
  return id;
}

beforeAll(async () => {
  useKey(KEY);
  author = await userWithToken("receipt-author", "SUBMITTER");
  admin = await userWithToken("receipt-admin", "ADMIN");
  server = await startRouteServer();
  approvedId = await uploadedThirdParty(`receipt-a-${Date.now()}`);
  pendingId = await pending(`receipt-p-${Date.now()}`);
  await approveSubmission({ submissionId: approvedId, reviewerId: admin.id });
  await writeBoardSnapshot("approve");
});
afterAll(async () => {
  await server?.close();
  await db.user.deleteMany({ where: { id: { in: [author?.id, admin?.id].filter(Boolean) } } });
  vi.unstubAllEnvs();
  resetEnvCache();
});

const get = (p: string) => fetch(`${server.url}${p}`);

describe("GET /api/v1/entries/{id}/receipt and /.well-known/jwks.json", () => {
  it("signs the entry's published numbers, file hashes, key, scorer version and snapshot", async () => {
    const r = await get(`/api/v1/entries/${approvedId}/receipt`);
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toBe("application/jose");
    const jws = await r.text();
    const jwks = (await (await get("/.well-known/jwks.json")).json()) as JSONWebKeySet;
    expect(jwks.keys).toHaveLength(1);
    const { payload, protectedHeader } = await compactVerify(jws, createLocalJWKSet(jwks));
    expect(protectedHeader).toMatchObject({ alg: "EdDSA", kid: jwks.keys[0]!.kid });
    expect(nodeVerifies(jws, jwks.keys[0]!)).toBe(true);

    const receipt = receiptPayloadSchema.parse(JSON.parse(new TextDecoder().decode(payload)));
    const entry = (await (await get(`/api/v1/entries/${approvedId}`)).json()) as {
      methodName: string;
      scorerVersion: string;
      answerKey: { label: string; contentSha256: string } | null;
      scores: Array<Record<string, unknown>>;
      runs: number;
      flipRate: number | null;
    };
    expect(receipt).toMatchObject({
      iss: server.url,
      entry: { id: approvedId, url: `${server.url}/entries/${approvedId}` },
      methodName: entry.methodName,
      scorerVersion: entry.scorerVersion,
      answerKey: entry.answerKey ? { label: entry.answerKey.label, sha256: entry.answerKey.contentSha256 } : null,
    });
    const sha = (b: Uint8Array) => createHash("sha256").update(b).digest("hex");
    expect(receipt.files.map((f) => [f.split, f.sha256])).toEqual([
      ["dyadic", sha(uploaded.dyadic!)],
      ["multi-party", sha(uploaded.multiparty!)],
    ]);
    expect(receipt.scores.length).toBeGreaterThan(50);
    expect(receipt.scores).toEqual(entry.scores);
    // Replicate runs: k and the run spread travel with the numbers (issue 50, point 1).
    expect({ runs: receipt.runs, flipRate: receipt.flipRate }).toEqual({ runs: entry.runs, flipRate: entry.flipRate });
    const newest = await db.boardSnapshot.findFirst({
      where: { ranks: { some: { entryId: approvedId } } },
      orderBy: { createdAt: "desc" },
    });
    expect(receipt.snapshotId).toBe(newest!.id);
    expect(Math.abs(receipt.iat * 1000 - Date.now())).toBeLessThan(60_000);
  });

  it("a downloaded receipt verifies with the CLI: offline with the saved JWKS, by URL, and by its issuer", async () => {
    writeFileSync(at("receipt.jws"), await (await get(`/api/v1/entries/${approvedId}/receipt`)).text());
    writeFileSync(at("jwks.json"), await (await get("/.well-known/jwks.json")).text());
    writeFileSync(at("prediction_dyadic.json"), uploaded.dyadic!);
    writeFileSync(at("prediction_multiparty.json"), uploaded.multiparty!);
    const files = ["--dyadic", at("prediction_dyadic.json"), "--multiparty", at("prediction_multiparty.json")];
    const offline = await runH2hmem("receipt", "verify", at("receipt.jws"), "--jwks", at("jwks.json"), ...files);
    expect(offline.stderr).toBe("");
    expect(offline.code).toBe(0);
    expect(offline.stdout).toContain(`Entry ${approvedId} `);
    expect(offline.stdout).toMatch(/prediction_multiparty\.json \(multi-party\) sha-256 [0-9a-f]{64}: matches/);
    for (const jwks of [["--jwks", `${server.url}/.well-known/jwks.json`], []])
      expect((await runH2hmem("receipt", "verify", at("receipt.jws"), ...jwks)).code).toBe(0);
    // One byte of the uploaded file changed.
    const changed = Buffer.from(uploaded.dyadic!);
    changed[changed.indexOf(0x61)] = 0x62;
    writeFileSync(at("changed.json"), changed);
    const bad = await runH2hmem(
      "receipt",
      "verify",
      at("receipt.jws"),
      "--jwks",
      at("jwks.json"),
      "--dyadic",
      at("changed.json"),
    );
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain("not the file that was scored");
  });

  it("who ran it reaches the entry, the board and the EEE export", async () => {
    const who = { ranBy: "third-party", methodOwner: "Original authors" };
    expect(await (await get(`/api/v1/entries/${approvedId}`)).json()).toMatchObject(who);
    const board = (await (await get("/api/v1/leaderboard?metric=f1")).json()) as { entries: Array<{ id: string }> };
    expect(board.entries.find((e) => e.id === approvedId)).toMatchObject(who);
    const eee = (await (await get(`/api/v1/entries/${approvedId}/eee.json`)).json()) as {
      source_metadata: { additional_details: Record<string, string> };
    };
    expect(eee.source_metadata.additional_details).toMatchObject({
      ran_by: "third-party",
      method_owner: "Original authors",
    });
  });

  it("is 404 for a pending entry and an unknown id, and 503 when no key is configured", async () => {
    for (const id of [pendingId, "no-such-entry"])
      expect((await get(`/api/v1/entries/${id}/receipt`)).status).toBe(404);
    useKey("");
    try {
      const r = await get(`/api/v1/entries/${approvedId}/receipt`);
      expect(r.status).toBe(503);
      expect(((await r.json()) as { error: { message: string } }).error.message).toMatch(/RECEIPT_SIGNING_KEY/);
    } finally {
      useKey(KEY);
    }
  });
});
