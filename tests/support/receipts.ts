// Receipt test helpers: fresh Ed25519 keys, a sample payload, and a verifier that uses only
// Node's crypto with the published JWK (none of the project's code), as an outside checker would.
import { createPublicKey, generateKeyPairSync, verify, type JsonWebKey } from "node:crypto";
import type { ReceiptPayload } from "@/lib/validation/receipt";

/** A PKCS#8 PEM private key and its SPKI PEM public key. */
export function newReceiptKey(): { pem: string; publicPem: string } {
  const { privateKey, publicKey } = generateKeyPairSync("ed25519");
  return {
    pem: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    publicPem: publicKey.export({ type: "spki", format: "pem" }).toString(),
  };
}

/** Verifies a compact JWS with Node's crypto and one JWK: the signing input is "header.payload". */
export function nodeVerifies(jws: string, jwk: JsonWebKey): boolean {
  const [header, payload, signature] = jws.split(".");
  const alg = JSON.parse(Buffer.from(header!, "base64url").toString("utf8")) as { alg: string };
  if (alg.alg !== "EdDSA") return false;
  const key = createPublicKey({ key: jwk, format: "jwk" });
  return verify(null, Buffer.from(`${header}.${payload}`), key, Buffer.from(signature!, "base64url"));
}

/** The payload part decoded. */
export const payloadOf = (jws: string) =>
  JSON.parse(Buffer.from(jws.split(".")[1]!, "base64url").toString("utf8")) as ReceiptPayload;

/** Replaces the payload, keeping the original header and signature (a tampered receipt). */
export const withPayload = (jws: string, payload: unknown) => {
  const [h, , s] = jws.split(".");
  return `${h}.${Buffer.from(JSON.stringify(payload)).toString("base64url")}.${s}`;
};

export function samplePayload(over: Partial<ReceiptPayload> = {}): ReceiptPayload {
  return {
    receipt: 1,
    iss: "https://board.example",
    iat: 1_796_688_000,
    issuedAt: "2026-12-08T00:00:00.000Z",
    entry: { id: "cm-entry-1", url: "https://board.example/entries/cm-entry-1" },
    methodName: "Sample memory",
    files: [
      { split: "dyadic", fileName: "prediction_dyadic.json", sha256: "a".repeat(64) },
      { split: "multi-party", fileName: "prediction_multiparty.json", sha256: "b".repeat(64) },
    ],
    answerKey: { label: "H2HMem 1.0", sha256: "c".repeat(64) },
    scorerVersion: "lex-1+nltk35+sw198+k-cccccccc",
    snapshotId: "cm-snap-1",
    runs: 1,
    flipRate: null,
    scores: [
      {
        split: "overall",
        scope: "ALL",
        metric: "f1",
        aggregate: "micro",
        value: 0.4321,
        ciLow: 0.41,
        ciHigh: 0.45,
        n: 2236,
        runSd: null,
      },
      {
        split: "dyadic",
        scope: "UPR",
        metric: "f1",
        aggregate: "micro",
        value: 0.5,
        ciLow: 0.4,
        ciHigh: 0.6,
        n: 120,
        runSd: null,
      },
    ],
    ...over,
  };
}
