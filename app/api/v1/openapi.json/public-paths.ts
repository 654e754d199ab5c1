import { z } from "zod";
import { leaderboardParamsSchema } from "@/lib/server/leaderboard/params";
import { judgeCardQuerySchema } from "@/lib/server/scores/judge-card-schema";
import {
  generatedComponents,
  jsonContent,
  fails,
  input,
  ok,
  operation,
  pathParam,
  rateLimited,
  ref,
  type JsonSchema,
} from "./components";

// The URL carries `verified` as "1" (parseLeaderboardParams), not as a JSON boolean.
const QUERY_FORM: Record<string, JsonSchema> = { verified: { type: "string", enum: ["1", "0"] } };

// Every view parameter but `page`: the API returns all matching entries.
const viewParams = Object.entries(leaderboardParamsSchema.shape)
  .filter(([name]) => name !== "page")
  .map(([name, field]) => {
    const { description, ...schema } = input(field as z.ZodType);
    return { name, in: "query", required: false, schema: QUERY_FORM[name] ?? schema, description };
  });

const cacheHeaders = { ETag: { schema: { type: "string" } }, "Cache-Control": { schema: { type: "string" } } };
const cached = {
  "304": { description: "Not modified (If-None-Match matched the ETag)." },
  ...fails(rateLimited),
};
const id = pathParam("id");
const noEntry = fails(["NOT_FOUND", "No approved entry with this id."], rateLimited);
const notPublic = fails(["NOT_FOUND", "Not an approved entry with public predictions."], rateLimited);
const immutable = { "Cache-Control": { schema: { type: "string", const: "public, max-age=31536000, immutable" } } };
const snapshotFile = (type: string, what: string) =>
  operation(null, {
    summary: `The snapshot's board as ${what}, byte for byte what its manifest hashes (every split x metric x aggregate: rank, tie, entry, value, interval, n, every main type and category).`,
    parameters: [id],
    responses: {
      "200": {
        description: `The ${what} file.`,
        headers: immutable,
        content: { [type]: { schema: type === "text/csv" ? { type: "string" } : { type: "object" } } },
      },
      ...fails(["NOT_FOUND", "No such snapshot."], rateLimited),
    },
  });

export const publicPaths = {
  "/api/v1/leaderboard": {
    get: operation(null, {
      summary: "Ranked approved entries for one view of the board (all matching entries, not paged).",
      parameters: viewParams,
      responses: {
        "200": { description: "The view.", headers: cacheHeaders, content: jsonContent(ref("Leaderboard")) },
        ...cached,
      },
    }),
  },
  "/api/v1/leaderboard.csv": {
    get: operation(null, {
      summary:
        'The same view as CSV (one row per entry with status, attemptsTotal, attemptsSincePreviousEntry, scorerVersion and generatedAt; then the reference rows, status "reference"; with status=withdrawn the tombstones).',
      parameters: viewParams,
      responses: {
        "200": {
          description: "CSV attachment.",
          headers: cacheHeaders,
          content: { "text/csv": { schema: { type: "string" } } },
        },
        ...cached,
      },
    }),
  },
  "/api/v1/entries/{id}": {
    get: operation(null, {
      summary:
        'Public detail of an approved entry: status, attempts, method card (with self-reported efficiency; `track`, `declaredTrack`, `trackReason` (why the track differs from the declared one: `coverage` or `topK` automatic placement, or `admin`), `contextTopK`, `contextTokens`), file hashes, the published scorer version, its answer key and its `judge` (`judge.demo`: the quick start\'s fake demo judge), every Score row under it; `scoreStatus` is "not-rescored" (and `scores` empty) while the entry has no rows under the published version; `failureProfile` and `evidence` (the evidence metrics, null when the entry sent no retrieved_sessions) under the same version; `source` for an entry submitted from CI; `runs` (k replicate runs averaged: each score the mean over runs with its item x run interval and `runSd`), `flipRate`, `runIds`, `tier` (uploaded, ci-verified, reproduced, maintainer-rerun) and `reproductions` with their paired differences (docs/SCORING.md §9d-9e). A withdrawn or unpublished entry answers 410 with its tombstone.',
      parameters: [id],
      responses: {
        "200": {
          description: "The entry.",
          headers: cacheHeaders,
          content: jsonContent({
            type: "object",
            properties: {
              failureProfile: { oneOf: [ref("FailureProfile"), { type: "null" }] },
              evidence: { oneOf: [ref("EvidenceReport"), { type: "null" }] },
              source: { oneOf: [ref("EntrySource"), { type: "null" }] },
              judge: { oneOf: [ref("JudgeInfo"), { type: "null" }] },
              runs: { type: "integer", minimum: 1 },
              flipRate: { type: ["number", "null"] },
              tier: { type: "string", enum: ["maintainer-rerun", "reproduced", "ci-verified", "uploaded"] },
            },
          }),
        },
        "410": {
          description:
            "GONE: the entry was withdrawn by its author or unpublished by an administrator: the error and its tombstone.",
          content: jsonContent({
            type: "object",
            required: ["error", "entry"],
            properties: {
              error: (generatedComponents.Error as { properties: Record<string, unknown> }).properties.error,
              entry: ref("Tombstone"),
            },
          }),
        },
        ...cached,
        ...noEntry,
      },
    }),
  },
  "/api/v1/entries/{id}/badge.json": {
    get: operation(null, {
      summary:
        "README badge in the Shields endpoint format: the entry's overall rank and headline score (judge, else F1). Cached for 5 minutes.",
      parameters: [id],
      responses: {
        "200": {
          description: "The badge (use with https://img.shields.io/endpoint?url=...).",
          headers: cacheHeaders,
          content: jsonContent(ref("Badge")),
        },
        ...cached,
        ...noEntry,
      },
    }),
  },
  "/api/v1/entries/{id}/receipt": {
    get: operation(null, {
      summary:
        "The entry's signed score receipt: a compact JWS (EdDSA, Ed25519) whose payload (ReceiptPayload) holds the entry, the prediction files' sha-256, the answer key, the scorer version, every board number with its interval and n, the snapshot and the time. Check it offline with `h2hmem receipt verify` and the keys at /.well-known/jwks.json (docs/TRUST.md).",
      parameters: [id],
      responses: {
        "200": {
          description:
            "The receipt (header.payload.signature, base64url); the header's `kid` names the key in the JWKS.",
          content: { "application/jose": { schema: { type: "string" } } },
        },
        ...fails(
          ["NOT_FOUND", "No approved entry with this id."],
          ["CONFLICT", "No scores under the published scorer version yet."],
          ["GONE", "The entry was withdrawn."],
          ["UNAVAILABLE", "This server signs no receipts (RECEIPT_SIGNING_KEY unset)."],
          rateLimited,
        ),
      },
    }),
  },
  "/.well-known/jwks.json": {
    get: operation(null, {
      summary:
        "The receipt signing keys as a JWKS (RFC 7517): the current key first, then retired ones, so receipts signed before a rotation still verify. `kid` is the key's RFC 7638 thumbprint.",
      responses: {
        "200": {
          description: "The public keys (Ed25519, `alg` EdDSA).",
          content: jsonContent({
            type: "object",
            properties: {
              keys: {
                type: "array",
                items: {
                  type: "object",
                  properties: Object.fromEntries(
                    ["kty", "crv", "x", "kid", "alg", "use"].map((k) => [k, { type: "string" }]),
                  ),
                },
              },
            },
          }),
        },
      },
    }),
  },
  "/api/v1/entries/{id}/files/{split}": {
    get: operation(null, {
      summary:
        "A public prediction file of an approved entry whose author made the predictions public, byte for byte (`h2hmem verify` re-scores it).",
      parameters: [id, pathParam("split", { type: "string", enum: ["dyadic", "multi-party"] })],
      responses: {
        "200": {
          description:
            "The file; its sha-256 in ETag and X-Content-SHA256 (the entry lists the same). `Cache-Control: public, no-cache`: caches revalidate (304 for the ETag), so an unpublished entry's files stop at once.",
          headers: {
            ETag: { schema: { type: "string" } },
            "X-Content-SHA256": { schema: { type: "string" } },
            "Cache-Control": { schema: { type: "string", const: "public, no-cache" } },
          },
          content: jsonContent({ type: "object" }),
        },
        ...notPublic,
      },
    }),
  },
  "/api/v1/entries/{id}/judge-scores": {
    get: operation(null, {
      summary: "Per-question judge scores (published scorer version) of an approved entry with public predictions.",
      parameters: [id],
      responses: {
        ...ok("One score per prediction; key questions nobody answered have none and count 0.", ref("JudgeScores")),
        ...notPublic,
      },
    }),
  },
  "/api/v1/snapshots": {
    get: operation(null, {
      summary:
        "Immutable snapshots of the public board, newest first (one after each change: approval, rejection, withdrawal or unpublishing of an entry, publishing a scorer version; a change that leaves the board as it was writes none).",
      responses: {
        ...ok("The snapshots.", {
          type: "object",
          required: ["snapshots"],
          properties: { snapshots: { type: "array", items: ref("SnapshotSummary") } },
        }),
        ...fails(rateLimited),
      },
    }),
  },
  "/api/v1/snapshots/{id}": {
    get: operation(null, {
      summary:
        "A snapshot's manifest (time, reason, scorer and answer-key version, sha-256 of its files), links to board.json, board.csv and the archive, the DOI an admin recorded for its deposited archive (or null) and its cite text (with the DOI).",
      parameters: [id],
      responses: {
        "200": {
          description: "The manifest and links (cacheable for an hour: a DOI may be recorded later).",
          headers: { "Cache-Control": { schema: { type: "string" } } },
          content: jsonContent({
            type: "object",
            required: ["id", "manifest", "links"],
            properties: {
              id: { type: "string" },
              manifest: {
                type: "object",
                required: ["createdAt", "reason", "scorerVersion", "answerKey", "entries", "files"],
                properties: {
                  files: {
                    type: "array",
                    items: {
                      type: "object",
                      properties: { name: { type: "string" }, sha256: { type: "string" }, bytes: { type: "integer" } },
                    },
                  },
                },
              },
              links: ref("SnapshotLinks"),
              doi: { type: ["string", "null"] },
              cite: { type: "string" },
            },
          }),
        },
        ...fails(["NOT_FOUND", "No such snapshot."], rateLimited),
      },
    }),
  },
  "/api/v1/snapshots/{id}/board.json": { get: snapshotFile("application/json", "JSON") },
  "/api/v1/snapshots/{id}/board.csv": { get: snapshotFile("text/csv", "CSV") },
  "/api/v1/judge/card": {
    get: operation(null, {
      summary:
        "The judge card of the published judge version (or `?version=`): false-accept and false-reject rates on a calibration set built from the answer key (overall and per category, with n and 95% intervals), the mean score per kind of answer, the calibration's cost, run-to-run noise from the agreement checks, and a second judge's agreement (weighted kappa, Kendall tau) when an admin ran the panel. docs/JUDGE.md, \"The judge card\".",
      parameters: Object.entries(judgeCardQuerySchema.shape).map(([name, field]) => {
        const { description, ...schema } = input(field as z.ZodType);
        return { name, in: "query", required: false, schema, description };
      }),
      responses: {
        "200": { description: "The card.", content: jsonContent(ref("JudgeCard")) },
        ...fails(
          ["VALIDATION_FAILED", "`version` is not a judge version."],
          ["NOT_FOUND", "The published board has no judge."],
          rateLimited,
        ),
      },
    }),
  },
  "/api/v1/openapi.json": {
    get: operation(null, {
      summary: "This document (OpenAPI 3.1).",
      responses: {
        "200": { description: "The document.", headers: cacheHeaders, content: jsonContent({ type: "object" }) },
        "304": cached["304"],
      },
    }),
  },
};
