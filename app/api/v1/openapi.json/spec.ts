import { z } from "zod";
import { errorBodySchema } from "@/lib/server/errors";
import { badgeSchema } from "@/lib/server/leaderboard/badge";
import { publicJudgeScoresSchema } from "@/lib/server/leaderboard/public-files";
import { failureProfileSchema, judgeInfoSchema, leaderboardEntrySchema, leaderboardJsonSchema } from "@/lib/server/leaderboard/api-schema";
import { leaderboardParamsSchema } from "@/lib/server/leaderboard/params";
import { scoreCellSchema } from "@/lib/server/scores/score-rows";
import { referenceRowSchema } from "@/lib/server/references/board-rows";
import { attemptsSchema } from "@/lib/server/review/attempts";
import { tombstoneSchema } from "@/lib/server/leaderboard/tombstones";
import { entrySourceSchema } from "@/lib/server/submissions/source";

// OpenAPI 3.1 description of the public read API (the submission and admin endpoints are
// described in docs/API.md). Kept next to its route so a change of one is seen with the other.
// The parameters and the component schemas are generated from the zod schemas the code parses
// and writes with (z.toJSONSchema), so their enums and fields are never repeated here.

type JsonSchema = Record<string, unknown>;

// The safe-integer bounds zod gives every integer say nothing to a reader: left out.
const tidy: Parameters<typeof z.toJSONSchema>[1] = {
  override: ({ jsonSchema: s }) => {
    if (s.maximum === Number.MAX_SAFE_INTEGER) delete s.maximum;
    if (s.minimum === Number.MIN_SAFE_INTEGER) delete s.minimum;
  },
};
// Each generated document names its JSON Schema dialect and id; inside OpenAPI 3.1 neither is needed.
const bare = ({ $schema: _s, $id: _i, ...rest }: JsonSchema): JsonSchema => rest;

const registry = z.registry<{ id: string }>();
registry
  .add(scoreCellSchema, { id: "ScoreCell" })
  .add(attemptsSchema, { id: "Attempts" })
  .add(leaderboardEntrySchema, { id: "Entry" })
  .add(referenceRowSchema, { id: "Reference" })
  .add(tombstoneSchema, { id: "Tombstone" })
  .add(leaderboardJsonSchema, { id: "Leaderboard" })
  .add(errorBodySchema, { id: "Error" })
  .add(failureProfileSchema, { id: "FailureProfile" })
  .add(badgeSchema, { id: "Badge" })
  .add(publicJudgeScoresSchema, { id: "JudgeScores" })
  .add(entrySourceSchema, { id: "EntrySource" })
  .add(judgeInfoSchema, { id: "JudgeInfo" });
const generated = z.toJSONSchema(registry, { ...tidy, uri: (id) => `#/components/schemas/${id}` }).schemas as Record<string, JsonSchema>;
const components = Object.fromEntries(Object.entries(generated).map(([id, s]) => [id, bare(s)]));

// The URL carries `verified` as "1" (parseLeaderboardParams), not as a JSON boolean.
const QUERY_FORM: Record<string, JsonSchema> = { verified: { type: "string", enum: ["1", "0"] } };

// Every view parameter but `page`: the API returns all matching entries.
const viewParams = Object.entries(leaderboardParamsSchema.shape)
  .filter(([name]) => name !== "page")
  .map(([name, field]) => {
    const { description, ...schema } = bare(z.toJSONSchema(field, { ...tidy, io: "input" }) as JsonSchema);
    return { name, in: "query", required: false, schema: QUERY_FORM[name] ?? schema, description };
  });

const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });
const cacheHeaders = { ETag: { schema: { type: "string" } }, "Cache-Control": { schema: { type: "string" } } };
const errors = {
  "304": { description: "Not modified (If-None-Match matched the ETag)." },
  "429": { description: "Rate limited (per client address); see Retry-After.", content: { "application/json": { schema: ref("Error") } } },
};

export const OPENAPI = {
  openapi: "3.1.0",
  info: { title: "H2HMem Leaderboard API", version: "1", description: "Public read API. Responses carry an ETag; send If-None-Match to get 304. Limited to 600 requests per minute per client address." },
  paths: {
    "/api/v1/leaderboard": {
      get: {
        summary: "Ranked approved entries for one view of the board (all matching entries, not paged).",
        parameters: viewParams,
        responses: { "200": { description: "The view.", headers: cacheHeaders, content: { "application/json": { schema: ref("Leaderboard") } } }, ...errors },
      },
    },
    "/api/v1/leaderboard.csv": {
      get: {
        summary: "The same view as CSV (one row per entry with status, attemptsTotal, attemptsSincePreviousEntry, scorerVersion and generatedAt; then the reference rows, status \"reference\"; with status=withdrawn the tombstones).",
        parameters: viewParams,
        responses: { "200": { description: "CSV attachment.", headers: cacheHeaders, content: { "text/csv": { schema: { type: "string" } } } }, ...errors },
      },
    },
    "/api/v1/entries/{id}": {
      get: {
        summary:
          "Public detail of an approved entry: status, attempts, method card, file hashes, the published scorer version, its answer key and its `judge` (`judge.demo`: the quick start's fake demo judge), every Score row under it; `scoreStatus` is \"not-rescored\" (and `scores` empty) while the entry has no rows under the published version; `failureProfile` under the same version. A withdrawn or unpublished entry answers 410 with its tombstone.",
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
        responses: {
          "200": {
            description: "The entry.",
            headers: cacheHeaders,
            content: { "application/json": { schema: { type: "object", properties: { failureProfile: { oneOf: [ref("FailureProfile"), { type: "null" }] }, source: { oneOf: [ref("EntrySource"), { type: "null" }] }, judge: { oneOf: [ref("JudgeInfo"), { type: "null" }] } } } } },
          },
          "404": { description: "No approved entry with this id.", content: { "application/json": { schema: ref("Error") } } },
          "410": {
            description: "The entry was withdrawn by its author or unpublished by an administrator: the error and its tombstone.",
            content: { "application/json": { schema: { type: "object", required: ["error", "entry"], properties: { error: (components.Error as { properties: Record<string, unknown> }).properties.error, entry: ref("Tombstone") } } } },
          },
          ...errors,
        },
      },
    },
    "/api/v1/entries/{id}/badge.json": {
      get: {
        summary: "README badge in the Shields endpoint format: the entry's overall rank and headline score (judge, else F1). Cached for 5 minutes.",
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
        responses: {
          "200": { description: "The badge (use with https://img.shields.io/endpoint?url=...).", headers: cacheHeaders, content: { "application/json": { schema: ref("Badge") } } },
          "404": { description: "No approved entry with this id.", content: { "application/json": { schema: ref("Error") } } },
          ...errors,
        },
      },
    },
    "/api/v1/entries/{id}/files/{split}": {
      get: {
        summary: "A public prediction file of an approved entry whose author made the predictions public, byte for byte (`h2hmem verify` re-scores it).",
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }, { name: "split", in: "path", required: true, schema: { type: "string", enum: ["dyadic", "multi-party"] } }],
        responses: {
          "200": { description: "The file; its sha-256 in ETag and X-Content-SHA256 (the entry lists the same).", headers: { ETag: { schema: { type: "string" } }, "X-Content-SHA256": { schema: { type: "string" } } }, content: { "application/json": { schema: { type: "object" } } } },
          "404": { description: "Not an approved entry with public predictions.", content: { "application/json": { schema: ref("Error") } } },
          "429": errors["429"],
        },
      },
    },
    "/api/v1/entries/{id}/judge-scores": {
      get: {
        summary: "Per-question judge scores (published scorer version) of an approved entry with public predictions.",
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
        responses: {
          "200": { description: "One score per prediction; key questions nobody answered have none and count 0.", content: { "application/json": { schema: ref("JudgeScores") } } },
          "404": { description: "Not an approved entry with public predictions.", content: { "application/json": { schema: ref("Error") } } },
          "429": errors["429"],
        },
      },
    },
    "/api/v1/snapshots": {
      get: { summary: "Immutable snapshots of the public board, newest first (one after each change: approval, rejection or unpublishing of an entry, publishing a scorer version).", responses: { "200": { description: "`{snapshots: [{id, createdAt, reason, scorerVersion, answerKeyVersion, contentSha256, links}]}`", content: { "application/json": { schema: { type: "object" } } } }, "429": errors["429"] } },
    },
    "/api/v1/snapshots/{id}": {
      get: {
        summary: "A snapshot's manifest (time, reason, scorer and answer-key version, sha-256 of its files) and links to board.json and board.csv (every split x metric x aggregate).",
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
        responses: { "200": { description: "`{id, manifest, links}`", content: { "application/json": { schema: { type: "object" } } } }, "404": { description: "No such snapshot.", content: { "application/json": { schema: ref("Error") } } }, "429": errors["429"] },
      },
    },
  },
  components: { schemas: components },
};
