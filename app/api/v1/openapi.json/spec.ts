// OpenAPI 3.1 description of the public read API (the submission and admin endpoints are
// described in docs/API.md). Kept next to its route so a change of one is seen with the other.

const cell = { type: "object", properties: { value: { type: "number" }, ciLow: { type: ["number", "null"] }, ciHigh: { type: ["number", "null"] }, n: { type: "integer" } }, required: ["value", "ciLow", "ciHigh", "n"] };
const scopeMap = { type: "object", additionalProperties: { $ref: "#/components/schemas/ScoreCell" } };
const q = (name: string, schema: object, description: string) => ({ name, in: "query", required: false, schema, description });
const viewParams = [
  q("split", { enum: ["overall", "dyadic", "multi-party"], default: "overall" }, "Split tab."),
  q("metric", { enum: ["judge", "f1", "bleu1", "precision", "recall"], default: "f1" }, "Metric (judge only when a judge is configured)."),
  q("aggregate", { enum: ["micro", "macro"], default: "micro" }, "Mean over questions (micro) or over categories (macro)."),
  q("q", { type: "string", maxLength: 100 }, "Case-insensitive search in method name and organization."),
  q("modality", { enum: ["all", "text", "multimodal"], default: "all" }, "Input modality filter."),
  q("baselines", { enum: ["include", "exclude", "only"], default: "include" }, "Baseline rows."),
  q("verified", { enum: ["1", "0"] }, "1 = only entries scored against the official answer key."),
  q("sort", { type: "string", pattern: "^-?[A-Za-z0-9_]+$" }, "Column key (rank, method, org, value, answered, date, RECALL|REASONING|APPLICATION, a category code); '-' = descending. Sorting by a scope adds scopeRank."),
];
const cacheHeaders = { ETag: { schema: { type: "string" } }, "Cache-Control": { schema: { type: "string" } } };
const errors = {
  "304": { description: "Not modified (If-None-Match matched the ETag)." },
  "429": { description: "Rate limited (per client address); see Retry-After.", content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } },
};

export const OPENAPI = {
  openapi: "3.1.0",
  info: { title: "H2HMem Leaderboard API", version: "1", description: "Public read API. Responses carry an ETag; send If-None-Match to get 304. Limited to 600 requests per minute per client address." },
  paths: {
    "/api/v1/leaderboard": {
      get: {
        summary: "Ranked approved entries for one view of the board (all matching entries, not paged).",
        parameters: viewParams,
        responses: { "200": { description: "The view.", headers: cacheHeaders, content: { "application/json": { schema: { $ref: "#/components/schemas/Leaderboard" } } } }, ...errors },
      },
    },
    "/api/v1/leaderboard.csv": {
      get: {
        summary: "The same view as CSV (one row per entry; columns include scorerVersion and generatedAt).",
        parameters: viewParams,
        responses: { "200": { description: "CSV attachment.", headers: cacheHeaders, content: { "text/csv": { schema: { type: "string" } } } }, ...errors },
      },
    },
    "/api/v1/entries/{id}": {
      get: {
        summary: "Public detail of an approved entry: method card, file hashes, scorer version, every Score row.",
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
        responses: {
          "200": { description: "The entry.", headers: cacheHeaders, content: { "application/json": { schema: { type: "object" } } } },
          "404": { description: "No approved entry with this id.", content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } },
          ...errors,
        },
      },
    },
  },
  components: {
    schemas: {
      ScoreCell: cell,
      Entry: {
        type: "object",
        properties: {
          rank: { type: "integer" }, tied: { type: "boolean" }, id: { type: "string" }, methodName: { type: "string" }, organization: { type: ["string", "null"] },
          modality: { type: ["string", "null"] }, backbone: { type: ["string", "null"] }, isBaseline: { type: "boolean" }, verified: { type: "boolean" },
          createdAt: { type: "string", format: "date-time" }, answered: { type: "integer" }, overall: { $ref: "#/components/schemas/ScoreCell" },
          mainTypes: scopeMap, categories: scopeMap,
          scopeRank: { type: "object", properties: { scope: { type: "string" }, rank: { type: "integer" }, tied: { type: "boolean" } } },
        },
        required: ["rank", "id", "methodName", "organization", "modality", "isBaseline", "overall", "mainTypes", "categories"],
      },
      Leaderboard: {
        type: "object",
        properties: {
          scorerVersion: { type: "string" }, generatedAt: { type: "string", format: "date-time" }, split: { type: "string" }, metric: { type: "string" },
          aggregate: { type: "string" }, filters: { type: "object" }, total: { type: "integer" }, entries: { type: "array", items: { $ref: "#/components/schemas/Entry" } },
        },
        required: ["scorerVersion", "generatedAt", "entries"],
      },
      Error: { type: "object", properties: { error: { type: "object", properties: { code: { type: "string" }, message: { type: "string" }, details: { type: "array" } } } } },
    },
  },
} as const;
