import { z } from "zod";

// The signed score receipt (docs/TRUST.md, "Receipts"): the payload of a compact JWS (EdDSA over
// Ed25519) that the server signs (lib/server/exports/receipt.ts) and `h2hmem receipt verify` checks.
// Here because both sides read it; the CLI bundle carries no server code.

/** The JWS header's `typ`, so a receipt is never mistaken for another signed object of the site. */
export const RECEIPT_TYP = "h2hmem-receipt+jws";
export const RECEIPT_ALG = "EdDSA";

const sha256 = z.string().regex(/^[0-9a-f]{64}$/, "must be a sha-256 in hex");

export const receiptScoreSchema = z.strictObject({
  split: z.string(),
  scope: z.string(),
  metric: z.string(),
  aggregate: z.string(),
  value: z.number(),
  ciLow: z.number().nullable(),
  ciHigh: z.number().nullable(),
  n: z.int().min(0),
  runSd: z.number().nullable().meta({ description: "Run-to-run standard deviation; null with one run." }),
});

export const receiptPayloadSchema = z.strictObject({
  receipt: z.literal(1).meta({ description: "Format version of the payload." }),
  iss: z.string().meta({ description: "The leaderboard's public origin; its JWKS is at /.well-known/jwks.json." }),
  iat: z.int().meta({ description: "Issued at, seconds since the epoch (the same time as `issuedAt`)." }),
  issuedAt: z.string().meta({ format: "date-time" }),
  entry: z.strictObject({ id: z.string(), url: z.string() }),
  methodName: z.string(),
  files: z
    .array(z.strictObject({ split: z.string(), fileName: z.string(), sha256 }))
    .meta({ description: "The sha-256 of each prediction file's bytes as uploaded." }),
  answerKey: z
    .strictObject({ label: z.string(), sha256 })
    .nullable()
    .meta({ description: "The answer key version the scores were computed against; null without one." }),
  scorerVersion: z.string(),
  snapshotId: z.string().nullable().meta({
    description:
      "The newest board snapshot that lists the entry under this scorer version (the same numbers); null before the first.",
  }),
  runs: z.int().min(1).meta({ description: "Replicate runs averaged in `scores` (k; docs/SCORING.md §9d)." }),
  flipRate: z.number().min(0).max(1).nullable().meta({
    description: "Share of questions whose judge score or F1 differs between runs; null with one run.",
  }),
  scores: z.array(receiptScoreSchema).meta({
    description:
      "Every number the board shows for the entry: each split, scope (overall, main type, category), metric and aggregate, with its 95% interval and n.",
  }),
});
export type ReceiptPayload = z.infer<typeof receiptPayloadSchema>;
