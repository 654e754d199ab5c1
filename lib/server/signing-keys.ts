import "server-only";
import { createPrivateKey, createPublicKey, type JsonWebKey, type KeyObject } from "node:crypto";

// The receipt keys' formats (docs/TRUST.md, "Keys and rotation"). Here, not in exports/, because
// lib/server/env.ts checks them at start: a bad key stops the process with a line, not a 500 later.

// One-line env values (.env, docker secrets) may write a PEM's newlines as "\n".
const unescape = (s: string) => s.replace(/\\n/g, "\n").trim();
const PEM_BLOCK = /-----BEGIN ([A-Z ]+)-----[\s\S]+?-----END \1-----/g;

function ed25519(key: KeyObject): KeyObject {
  if (key.asymmetricKeyType !== "ed25519")
    throw new Error(`is a ${key.asymmetricKeyType} key; receipts need Ed25519 (openssl genpkey -algorithm ed25519)`);
  return key;
}

/** RECEIPT_SIGNING_KEY: one Ed25519 private key, PKCS#8 PEM. */
export function signingKeyOf(pem: string): KeyObject {
  let key: KeyObject;
  try {
    key = createPrivateKey({ key: unescape(pem), format: "pem" });
  } catch {
    throw new Error("is not a PKCS#8 PEM private key (-----BEGIN PRIVATE KEY-----)");
  }
  return ed25519(key);
}

/**
 * RECEIPT_PREVIOUS_KEYS: retired keys whose receipts must still verify, as PEM blocks (public or
 * private; only the public half is kept) or as JSON (a JWKS, an array of JWKs or one JWK).
 */
export function previousKeysOf(text: string): KeyObject[] {
  const s = unescape(text);
  let keys: KeyObject[];
  try {
    if (s.startsWith("{") || s.startsWith("[")) {
      const parsed = JSON.parse(s) as JsonWebKey | JsonWebKey[];
      const list = Array.isArray(parsed)
        ? parsed
        : Array.isArray(parsed.keys)
          ? (parsed.keys as JsonWebKey[])
          : [parsed];
      keys = list.map((jwk) => createPublicKey({ key: jwk, format: "jwk" }));
    } else keys = [...s.matchAll(PEM_BLOCK)].map((m) => createPublicKey(m[0]));
  } catch {
    throw new Error("must be PEM keys or JSON Web Keys (docs/TRUST.md)");
  }
  if (keys.length === 0) throw new Error("holds no key: PEM blocks or JSON Web Keys (docs/TRUST.md)");
  return keys.map(ed25519);
}
