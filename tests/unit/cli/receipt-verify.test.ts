// `h2hmem receipt verify` as a real process, offline: a receipt signed with the server's code,
// the JWKS saved to a file, and the prediction files it names (issue 49, point 1).
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { resetEnvCache } from "@/lib/server/env";
import { receiptJwks, signReceipt } from "@/lib/server/exports/receipt";
import { runH2hmem as h2hmem } from "../../support/run-h2hmem";
import { newReceiptKey, payloadOf, samplePayload, withPayload } from "../../support/receipts";

const dir = mkdtempSync(path.join(tmpdir(), "h2hmem-receipt-"));
const at = (name: string) => path.join(dir, name);
const sha = (file: string) => createHash("sha256").update(readFileSync(file)).digest("hex");

beforeAll(async () => {
  vi.stubEnv("DATABASE_URL", "postgresql://postgres@127.0.0.1:5432/x");
  vi.stubEnv("RECEIPT_SIGNING_KEY", newReceiptKey().pem);
  resetEnvCache();
  writeFileSync(at("prediction_dyadic.json"), '{"predictions":[{"system_answer":"a"}]}\n');
  writeFileSync(at("prediction_multiparty.json"), '{"predictions":[{"system_answer":"b"}]}\n');
  const files = samplePayload().files.map((f) => ({ ...f, sha256: sha(at(f.fileName)) }));
  const jws = await signReceipt(samplePayload({ files }));
  writeFileSync(at("receipt.jws"), `${jws}\n`);
  writeFileSync(at("jwks.json"), JSON.stringify(await receiptJwks()));
  const score = payloadOf(jws);
  score.scores[0]!.value = 0.5321; // one digit of the headline F1
  writeFileSync(at("tampered.jws"), withPayload(jws, score));
  // Another leaderboard's keys.
  vi.stubEnv("RECEIPT_SIGNING_KEY", newReceiptKey().pem);
  resetEnvCache();
  writeFileSync(at("other-jwks.json"), JSON.stringify(await receiptJwks()));
});
afterAll(() => {
  vi.unstubAllEnvs();
  resetEnvCache();
});

const files = ["--dyadic", at("prediction_dyadic.json"), "--multiparty", at("prediction_multiparty.json")];

describe("h2hmem receipt verify", () => {
  it("accepts a receipt with the saved JWKS and the files it names, and prints what it vouches for", async () => {
    const r = await h2hmem("receipt", "verify", at("receipt.jws"), "--jwks", at("jwks.json"), ...files);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Receipt valid: signed by key \S+ of .*jwks\.json, issued 2026-12-08T00:00:00\.000Z/);
    expect(r.stdout).toContain("Entry cm-entry-1 (Sample memory) https://board.example/entries/cm-entry-1");
    expect(r.stdout).toMatch(/prediction_dyadic\.json \(dyadic\) sha-256 [0-9a-f]{64}: matches/);
    expect(r.stdout).toMatch(/overall\s+f1\s+0\.4321\s+\[0\.4100, 0\.4500\]\s+2236/);
    const json = await h2hmem("receipt", "verify", at("receipt.jws"), "--jwks", at("jwks.json"), "--json");
    expect(JSON.parse(json.stdout)).toMatchObject({
      valid: true,
      problems: [],
      receipt: { methodName: "Sample memory" },
    });
  });

  it("fails on one changed byte of a prediction file, naming the file", async () => {
    writeFileSync(at("changed.json"), readFileSync(at("prediction_dyadic.json"), "utf8").replace('"a"', '"A"'));
    const r = await h2hmem(
      "receipt",
      "verify",
      at("receipt.jws"),
      "--jwks",
      at("jwks.json"),
      "--dyadic",
      at("changed.json"),
    );
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /INVALID: changed\.json: sha-256 [0-9a-f]{64} differs from the receipt's [0-9a-f]{64} \(prediction_dyadic\.json\): not the file that was scored/,
    );
  });

  it("fails on a changed score, and on another leaderboard's keys", async () => {
    const score = await h2hmem("receipt", "verify", at("tampered.jws"), "--jwks", at("jwks.json"));
    expect(score.code).toBe(1);
    expect(score.stderr).toContain(
      "INVALID: the signature does not match: the receipt was changed after it was signed",
    );
    const other = await h2hmem("receipt", "verify", at("receipt.jws"), "--jwks", at("other-jwks.json"));
    expect(other.code).toBe(1);
    expect(other.stderr).toContain("no key in");
  });

  it("is a usage error (exit 2) without the receipt or with a missing file", async () => {
    expect((await h2hmem("receipt", "verify", at("none.jws"), "--jwks", at("jwks.json"))).code).toBe(2);
    const r = await h2hmem("receipt", "verify", at("receipt.jws"), "--jwks", at("jwks.json"), "--dyadic", at("nope"));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--dyadic file not found/);
  });
});
