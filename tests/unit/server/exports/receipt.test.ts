import { compactVerify, createLocalJWKSet, decodeProtectedHeader } from "jose";
import { afterEach, describe, expect, it, vi } from "vitest";
import { resetEnvCache } from "@/lib/server/env";
import { receiptJwks, signReceipt } from "@/lib/server/exports/receipt";
import { previousKeysOf, signingKeyOf } from "@/lib/server/signing-keys";
import { receiptPayloadSchema } from "@/lib/validation/receipt";
import { newReceiptKey, nodeVerifies, payloadOf, samplePayload, withPayload } from "../../../support/receipts";

// Issue 49, point 1: receipts are compact JWS (EdDSA) that jose and a plain Node verifier both
// accept, that fail on any changed byte, and that still verify after the key is rotated.

const withKeys = (signing?: string, previous?: string) => {
  vi.stubEnv("DATABASE_URL", "postgresql://postgres@127.0.0.1:5432/x");
  vi.stubEnv("RECEIPT_SIGNING_KEY", signing ?? "");
  vi.stubEnv("RECEIPT_PREVIOUS_KEYS", previous ?? "");
  resetEnvCache();
};

const joseVerifies = async (jws: string, jwks: Awaited<ReturnType<typeof receiptJwks>>) =>
  compactVerify(jws, createLocalJWKSet(jwks)).then(
    () => true,
    () => false,
  );

afterEach(() => {
  vi.unstubAllEnvs();
  resetEnvCache();
});

describe("signed receipts", () => {
  it("verify with jose and with Node's crypto against the published JWK; the kid names the key", async () => {
    withKeys(newReceiptKey().pem);
    const jwks = await receiptJwks();
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: "OKP", crv: "Ed25519", alg: "EdDSA", use: "sig" });
    expect(jwks.keys[0]).not.toHaveProperty("d");
    const jws = await signReceipt(samplePayload());
    expect(jws.split(".")).toHaveLength(3);
    expect(decodeProtectedHeader(jws)).toEqual({ alg: "EdDSA", typ: "h2hmem-receipt+jws", kid: jwks.keys[0]!.kid });
    expect(await joseVerifies(jws, jwks)).toBe(true);
    expect(nodeVerifies(jws, jwks.keys[0]!)).toBe(true);
    expect(receiptPayloadSchema.parse(payloadOf(jws))).toEqual(samplePayload());
  });

  it("fail on one changed byte of a score or of a file hash, for both verifiers", async () => {
    withKeys(newReceiptKey().pem);
    const jwks = await receiptJwks();
    const jws = await signReceipt(samplePayload());
    const p = payloadOf(jws);
    const score = structuredClone(p);
    score.scores[0]!.value = 0.4322;
    const file = structuredClone(p);
    file.files[0]!.sha256 = `e${"a".repeat(63)}`;
    for (const tampered of [withPayload(jws, score), withPayload(jws, file)]) {
      expect(await joseVerifies(tampered, jwks)).toBe(false);
      expect(nodeVerifies(tampered, jwks.keys[0]!)).toBe(false);
    }
    // The same bytes re-encoded verify: the check is of the content, not of a spelling.
    expect(nodeVerifies(withPayload(jws, p), jwks.keys[0]!)).toBe(true);
  });

  it("after a rotation the JWKS still publishes the old key, so old receipts verify; new ones use the new kid", async () => {
    const oldKey = newReceiptKey();
    const newKey = newReceiptKey();
    withKeys(oldKey.pem);
    const oldReceipt = await signReceipt(samplePayload());
    const oldKid = decodeProtectedHeader(oldReceipt).kid;
    // The retired key may be given as its public PEM, its private PEM, or the old JWKS itself.
    const oldJwks = JSON.stringify(await receiptJwks());
    for (const previous of [oldKey.publicPem, oldKey.pem.replace(/\n/g, "\\n"), oldJwks]) {
      withKeys(newKey.pem, previous);
      const jwks = await receiptJwks();
      expect(jwks.keys.map((k) => k.kid)).toEqual([expect.not.stringMatching(oldKid!), oldKid]);
      const newReceipt = await signReceipt(samplePayload());
      expect(decodeProtectedHeader(newReceipt).kid).toBe(jwks.keys[0]!.kid);
      for (const r of [oldReceipt, newReceipt]) expect(await joseVerifies(r, jwks)).toBe(true);
      expect(nodeVerifies(oldReceipt, jwks.keys[1]!)).toBe(true);
      expect(nodeVerifies(oldReceipt, jwks.keys[0]!)).toBe(false);
    }
    // Once the old key is dropped from the JWKS, its receipts no longer verify.
    withKeys(newKey.pem);
    expect(await joseVerifies(oldReceipt, await receiptJwks())).toBe(false);
  });

  it("without RECEIPT_SIGNING_KEY no receipt is signed (503) and the JWKS lists only retired keys", async () => {
    const old = newReceiptKey();
    withKeys(undefined, old.publicPem);
    await expect(signReceipt(samplePayload())).rejects.toMatchObject({ code: "UNAVAILABLE" });
    expect((await receiptJwks()).keys).toHaveLength(1);
  });

  it("key formats: a one-line PEM with \\n works; other key types and non-keys are refused with a reason", () => {
    const { pem } = newReceiptKey();
    expect(signingKeyOf(pem.replace(/\n/g, "\\n")).asymmetricKeyType).toBe("ed25519");
    expect(() => signingKeyOf("not a key")).toThrow(/PKCS#8 PEM/);
    expect(() => previousKeysOf("nothing here")).toThrow(/holds no key/);
    expect(() => previousKeysOf("[{}]")).toThrow(/PEM keys or JSON Web Keys/);
  });
});
