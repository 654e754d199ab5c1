import { z } from "zod";
import { ERROR_STATUS, errorBodySchema, type ErrorCode } from "@/lib/server/errors";
import { badgeSchema } from "@/lib/server/exports/badge";
import { publicJudgeScoresSchema } from "@/lib/server/leaderboard/public-files";
import {
  failureProfileSchema,
  judgeInfoSchema,
  leaderboardEntrySchema,
  leaderboardJsonSchema,
} from "@/lib/server/leaderboard/api-schema";
import { SNAPSHOT_REASONS } from "@/lib/server/history/snapshots";
import { claimVerdictSchema, rankHistorySchema } from "@/lib/server/history/history-schema";
import { scoreCellSchema } from "@/lib/server/scores/score-rows";
import { judgeCardSchema } from "@/lib/server/scores/judge-card-schema";
import { evidenceGroupSchema, evidenceReportSchema } from "@/lib/server/scores/evidence-schema";
import { referenceRowSchema } from "@/lib/server/leaderboard/reference-rows";
import { attemptsSchema } from "@/lib/server/submissions/attempts";
import { tombstoneSchema } from "@/lib/server/leaderboard/tombstones";
import { entrySourceSchema } from "@/lib/server/submissions/source";
import { WEBHOOK_EVENTS } from "@/lib/server/notify/events-types";
import { publicDisputeSchema } from "@/lib/server/disputes/dispute-views";
import { TOKEN_SCOPE_LABELS, type TokenScope } from "@/lib/validation/api-token";
import { receiptPayloadSchema } from "@/lib/validation/receipt";

// OpenAPI building blocks generated from the zod schemas the server parses and writes with, so the spec cannot drift.

export type JsonSchema = Record<string, unknown>;

// The safe-integer bounds zod gives every integer say nothing to a reader: left out.
const tidy: Parameters<typeof z.toJSONSchema>[1] = {
  override: ({ jsonSchema: s }) => {
    if (s.maximum === Number.MAX_SAFE_INTEGER) delete s.maximum;
    if (s.minimum === Number.MIN_SAFE_INTEGER) delete s.minimum;
  },
};
// Each generated document names its JSON Schema dialect and id; inside OpenAPI 3.1 neither is needed.
export const bare = ({ $schema: _s, $id: _i, ...rest }: JsonSchema): JsonSchema => rest;

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
  .add(evidenceGroupSchema, { id: "EvidenceGroup" })
  .add(evidenceReportSchema, { id: "EvidenceReport" })
  .add(badgeSchema, { id: "Badge" })
  .add(publicJudgeScoresSchema, { id: "JudgeScores" })
  .add(entrySourceSchema, { id: "EntrySource" })
  .add(judgeInfoSchema, { id: "JudgeInfo" })
  .add(judgeCardSchema, { id: "JudgeCard" })
  .add(rankHistorySchema, { id: "RankHistory" })
  .add(claimVerdictSchema, { id: "ClaimVerdict" })
  .add(publicDisputeSchema, { id: "Dispute" })
  .add(receiptPayloadSchema, { id: "ReceiptPayload" });
const generated = z.toJSONSchema(registry, { ...tidy, uri: (id) => `#/components/schemas/${id}` }).schemas as Record<
  string,
  JsonSchema
>;
export const generatedComponents = Object.fromEntries(Object.entries(generated).map(([id, s]) => [id, bare(s)]));

/** A zod schema the server parses (a request body or query), as the client sends it. */
export const input = (schema: z.ZodType): JsonSchema =>
  bare(z.toJSONSchema(schema, { ...tidy, io: "input", unrepresentable: "any" }) as JsonSchema);
export const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });
export const jsonContent = (schema: JsonSchema) => ({ "application/json": { schema } });
export const jsonBody = (schema: z.ZodType, description?: string) => ({
  required: true,
  ...(description ? { description } : {}),
  content: jsonContent(input(schema)),
});
export const pathParam = (name: string, schema: JsonSchema = { type: "string" }) => ({
  name,
  in: "path",
  required: true,
  schema,
});
export const ok = (description: string, schema: JsonSchema = { type: "object" }, status = "200") => ({
  [status]: { description, content: jsonContent(schema) },
});

/** Error responses by code: the status comes from ERROR_STATUS, the body is always `Error`. */
export function fails(
  ...cases: Array<[ErrorCode, string]>
): Record<string, { description: string; content: ReturnType<typeof jsonContent> }> {
  const out: Record<string, { description: string; content: ReturnType<typeof jsonContent> }> = {};
  for (const [code, description] of cases) {
    const status = String(ERROR_STATUS[code]);
    out[status] = {
      description: out[status] ? `${out[status].description} ${description}` : `${code}: ${description}`,
      content: jsonContent(ref("Error")),
    };
  }
  return out;
}
export const rateLimited: [ErrorCode, string] = ["RATE_LIMITED", "Rate limited; see Retry-After (seconds)."];

export const securitySchemes = {
  apiToken: {
    type: "http",
    scheme: "bearer",
    bearerFormat: "h2h_…",
    description: `An API token from /settings/tokens or \`h2hmem token create\`. Each operation names the scope it needs (${Object.values(TOKEN_SCOPE_LABELS).join("; ")}); a token without it gets 403 FORBIDDEN.`,
  },
  session: {
    type: "apiKey",
    in: "cookie",
    name: "authjs.session-token",
    description: "The browser session (bound only by the account's role); cross-site cookie writes are refused (403).",
  },
};

type Operation = { summary: string; parameters?: unknown[]; requestBody?: unknown; responses: Record<string, unknown> };

/** An operation; `auth` is the token scope it requires (null: public), documented with its 401/403. */
export function operation(auth: TokenScope | null, body: Operation) {
  // A JSON body is read by parseJsonBody: too large or invalid answers these (unless the operation says more).
  const o = (body.requestBody as { content?: Record<string, unknown> } | undefined)?.content?.["application/json"]
    ? {
        ...body,
        responses: {
          ...fails(
            ["PAYLOAD_TOO_LARGE", "The body is over JSON_BODY_MAX_BYTES (64 KiB), never parsed."],
            ["VALIDATION_FAILED", "The body is not JSON or does not match the schema; `details` name the fields."],
          ),
          ...body.responses,
        },
      }
    : body;
  if (!auth) return { ...o, security: [] };
  const forbidden =
    auth === "admin"
      ? "Not an administrator, or the token lacks the `admin` scope."
      : `The token lacks the \`${auth}\` scope (checked before anything is looked up).`;
  return {
    ...o,
    security: [{ apiToken: [auth] }, { session: [] }],
    "x-token-scope": auth,
    responses: {
      ...o.responses,
      ...fails(
        ["UNAUTHORIZED", "No session and no token, or an invalid, expired or revoked token."],
        ["FORBIDDEN", forbidden],
      ),
    },
  };
}

const deliveryView: JsonSchema = {
  type: "object",
  required: ["id", "event", "status", "attempts", "lastStatus", "lastError", "createdAt", "deliveredAt"],
  properties: {
    id: { type: "string", description: "The `webhook-id` header of every attempt (`msg_…`)." },
    event: { type: "string", enum: [...WEBHOOK_EVENTS, "webhook.test"] },
    status: { type: "string", enum: ["PENDING", "DELIVERED", "FAILED"] },
    attempts: { type: "integer" },
    lastStatus: { type: ["integer", "null"], description: "HTTP status of the last attempt (null: no answer)." },
    lastError: { type: ["string", "null"] },
    createdAt: { type: "string", format: "date-time" },
    deliveredAt: { type: ["string", "null"], format: "date-time" },
  },
};
const webhookFields = {
  id: { type: "string" },
  url: { type: "string", format: "uri" },
  events: { type: "array", items: { type: "string", enum: [...WEBHOOK_EVENTS] } },
};

// Responses the code writes without a zod schema of their own, described once here.
export const handWritten: Record<string, JsonSchema> = {
  WebhookCreated: {
    type: "object",
    required: ["id", "url", "events", "secret"],
    properties: {
      ...webhookFields,
      secret: {
        type: "string",
        pattern: "^whsec_[A-Za-z0-9+/]+=*$",
        description: "The signing secret, shown only in this answer (Standard Webhooks).",
      },
    },
  },
  Webhook: {
    type: "object",
    required: ["id", "url", "events", "createdAt", "deliveries"],
    properties: {
      ...webhookFields,
      createdAt: { type: "string", format: "date-time" },
      deliveries: { type: "array", items: ref("WebhookDelivery"), description: "The last 20, newest first." },
    },
  },
  WebhookDelivery: deliveryView,
  SnapshotLinks: {
    type: "object",
    required: ["self", "json", "csv"],
    properties: {
      self: { type: "string" },
      json: { type: "string" },
      csv: { type: "string" },
      archive: { type: "string", description: "The deposit-ready .tar.gz (on a snapshot's own manifest)." },
    },
  },
  SnapshotSummary: {
    type: "object",
    required: ["id", "createdAt", "reason", "scorerVersion", "answerKeyVersion", "contentSha256", "links"],
    properties: {
      id: { type: "string" },
      createdAt: { type: "string", format: "date-time" },
      reason: { type: "string", enum: [...SNAPSHOT_REASONS] },
      scorerVersion: { type: "string" },
      answerKeyVersion: { type: ["string", "null"] },
      contentSha256: { type: "string", description: "sha-256 of board.json." },
      links: ref("SnapshotLinks"),
    },
  },
};
