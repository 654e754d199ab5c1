import "server-only";
import { createPublicKey, type KeyObject } from "node:crypto";
import { calculateJwkThumbprint, CompactSign } from "jose";
import { RECEIPT_ALG, RECEIPT_TYP, type ReceiptPayload } from "@/lib/validation/receipt";
import { db } from "../db";
import { env } from "../env";
import { AppError } from "../errors";
import { previousKeysOf, signingKeyOf } from "../signing-keys";
import { getPublicEntry } from "../leaderboard/entries";

// Signed score receipts (issue 49, docs/TRUST.md): a compact JWS of an entry's published numbers
// that anyone can check offline against the JWKS at /.well-known/jwks.json. The key id is the
// key's RFC 7638 thumbprint, so every replica with the same RECEIPT_SIGNING_KEY names it alike.

type PublicJwk = { kty: string; crv: string; x: string; kid: string; alg: typeof RECEIPT_ALG; use: "sig" };
type Keys = { signing: { key: KeyObject; kid: string } | null; jwks: { keys: PublicJwk[] } };

async function publicJwk(key: KeyObject): Promise<PublicJwk> {
  const pub = key.type === "private" ? createPublicKey(key) : key;
  const { kty, crv, x } = pub.export({ format: "jwk" }) as { kty: string; crv: string; x: string };
  return { kty, crv, x, kid: await calculateJwkThumbprint({ kty, crv, x }), alg: RECEIPT_ALG, use: "sig" };
}

let loaded: { source: string; keys: Promise<Keys> } | undefined;

/** Parsed once per value of the two variables (tests change them to rotate). */
function receiptKeys(): Promise<Keys> {
  const source = `${env.RECEIPT_SIGNING_KEY ?? ""}\0${env.RECEIPT_PREVIOUS_KEYS ?? ""}`;
  if (loaded?.source !== source) loaded = { source, keys: readKeys() };
  return loaded.keys;
}

async function readKeys(): Promise<Keys> {
  const key = env.RECEIPT_SIGNING_KEY ? signingKeyOf(env.RECEIPT_SIGNING_KEY) : null;
  const previous = env.RECEIPT_PREVIOUS_KEYS ? previousKeysOf(env.RECEIPT_PREVIOUS_KEYS) : [];
  const all = await Promise.all([...(key ? [key] : []), ...previous].map(publicJwk));
  const keys = all.filter((k, i) => all.findIndex((o) => o.kid === k.kid) === i);
  return { signing: key ? { key, kid: keys[0]!.kid } : null, jwks: { keys } };
}

/** The current key first, then every retired one: old receipts keep verifying after a rotation. */
export async function receiptJwks(): Promise<{ keys: PublicJwk[] }> {
  return (await receiptKeys()).jwks;
}

export async function signReceipt(payload: ReceiptPayload): Promise<string> {
  const { signing } = await receiptKeys();
  if (!signing)
    throw new AppError(
      "UNAVAILABLE",
      "This server issues no receipts: RECEIPT_SIGNING_KEY is not set (docs/TRUST.md).",
    );
  return new CompactSign(new TextEncoder().encode(JSON.stringify(payload)))
    .setProtectedHeader({ alg: RECEIPT_ALG, typ: RECEIPT_TYP, kid: signing.kid })
    .sign(signing.key);
}

/** Anything but an approved entry with published scores is refused as on the entry page (404, 410). */
export async function entryReceipt(id: string, origin: string, now = new Date()): Promise<string> {
  const entry = await getPublicEntry(id);
  if (entry.scoreStatus !== "scored" || !entry.scorerVersion)
    throw new AppError(
      "CONFLICT",
      "This entry has no scores under the published scorer version yet; its receipt is issued once it is re-scored.",
    );
  const snapshot = await db.boardSnapshot.findFirst({
    where: { scorerVersion: entry.scorerVersion, ranks: { some: { entryId: entry.id } } },
    orderBy: { createdAt: "desc" },
    select: { id: true },
  });
  return signReceipt({
    receipt: 1,
    iss: origin,
    iat: Math.floor(now.getTime() / 1000),
    issuedAt: now.toISOString(),
    entry: { id: entry.id, url: `${origin}/entries/${entry.id}` },
    methodName: entry.methodName,
    files: entry.files.map(({ split, fileName, sha256 }) => ({ split, fileName, sha256 })),
    answerKey: entry.answerKey ? { label: entry.answerKey.label, sha256: entry.answerKey.contentSha256 } : null,
    scorerVersion: entry.scorerVersion,
    snapshotId: snapshot?.id ?? null,
    runs: entry.runs,
    flipRate: entry.flipRate,
    scores: entry.scores.map(({ split, scope, metric, aggregate, value, ciLow, ciHigh, n, runSd }) => ({
      split,
      scope,
      metric,
      aggregate,
      value,
      ciLow,
      ciHigh,
      n,
      runSd: runSd ?? null,
    })),
  });
}
