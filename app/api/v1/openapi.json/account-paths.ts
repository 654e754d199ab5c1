import { retrySchema } from "@/lib/server/submissions/retry-submission";
import { webhookInputSchema } from "@/lib/server/notify/endpoints";
import { submissionMetaSchema } from "@/lib/validation/submission-meta";
import { fails, input, jsonBody, jsonContent, ok, operation, pathParam, ref, type JsonSchema } from "./components";
import { CI_TOKEN_MAX_CHARS } from "@/lib/server/submissions/ci-token";

// An author's API: uploads and their status, retries, public predictions, webhook endpoints.
// Someone else's id is a 404 (never 403), so ids cannot be probed.

const id = pathParam("id");
const notOwn = (what: string): [Parameters<typeof fails>[0][0], string] => [
  "NOT_FOUND",
  `No ${what} with this id of the caller's (admins: any).`,
];
const meta = input(submissionMetaSchema) as { properties: Record<string, JsonSchema>; required: string[] };
const file = (what: string) => ({
  type: "string",
  format: "binary",
  description: `The ${what} prediction file (JSON, docs/SCORING.md §2).`,
});
const scoreRow: JsonSchema = {
  type: "object",
  properties: {
    split: { type: "string" },
    scope: { type: "string" },
    metric: { type: "string" },
    aggregate: { type: "string" },
    value: { type: "number" },
    ciLow: { type: ["number", "null"] },
    ciHigh: { type: ["number", "null"] },
    n: { type: "integer" },
  },
};

export const accountPaths = {
  "/api/v1/submissions": {
    post: operation("submit", {
      summary:
        "Upload a submission: both prediction files and the method card (multipart). Validated, stored and queued for scoring. `publicPredictions=true` also needs the `publish` scope (403 without it).",
      requestBody: {
        required: true,
        content: {
          "multipart/form-data": {
            schema: {
              type: "object",
              required: ["dyadic", "multiparty", ...meta.required],
              properties: {
                dyadic: file("dyadic"),
                multiparty: file("multi-party"),
                ...meta.properties,
                ciToken: {
                  type: "string",
                  maxLength: CI_TOKEN_MAX_CHARS,
                  description:
                    "Optional CI OIDC token (the GitHub Action sends GitHub's, requested with audience = this leaderboard's URL, when the job has `permissions: id-token: write`). Verified against CI_OIDC_ISSUER's keys (issuer, audience, signature, expiry); then repository, commit, run, ref and workflow come from its claims and the entry shows \"Verified from CI\" (typed source fields are ignored). A token that fails is refused with 422 (details[0].path `ciToken`, params.reason audience|expired|signature|issuer|claims|malformed|replayed: one token, one upload); without a token the source fields are shown as stated by the submitter.",
                },
              },
            },
          },
        },
      },
      responses: {
        "202": {
          description: "Accepted and queued; Location names the status URL.",
          headers: { Location: { schema: { type: "string" } } },
          content: jsonContent({
            type: "object",
            required: ["id", "status", "warnings"],
            properties: {
              id: { type: "string" },
              status: { type: "string" },
              warnings: { type: "array", items: { type: "object" } },
            },
          }),
        },
        ...fails(
          ["BAD_REQUEST", "Malformed multipart, no files, or a non-file `dyadic`/`multiparty` field."],
          ["PAYLOAD_TOO_LARGE", "Body or a file over the limit (UPLOAD_MAX_BYTES)."],
          ["REQUEST_TIMEOUT", "The body did not arrive within UPLOAD_BODY_TIMEOUT_MS (2 min); reading stopped."],
          ["UNSUPPORTED_MEDIA_TYPE", "Not multipart/form-data."],
          [
            "VALIDATION_FAILED",
            "A prediction file or the method card is invalid; `details` name the file, JSON path and issue code. Also a `ciToken` that fails verification (path `ciToken`, params.reason).",
          ],
          [
            "RATE_LIMITED",
            "Daily quota, uploads already in flight for the account, or the per-address limit; see Retry-After.",
          ],
          [
            "UNAVAILABLE",
            "The database is briefly unreachable, this process is at its upload limit, the CI token issuer's keys could not be fetched, or an admin has paused submissions (the message carries the notice; GET /api/v1/admin/submissions-pause); nothing was written; Retry-After.",
          ],
        ),
      },
    }),
    get: operation("read", {
      summary: "The caller's own submissions, newest first.",
      responses: ok("`{submissions: [{id, methodName, status, reviewState, createdAt, scoredAt, failureReason}]}`", {
        type: "object",
        required: ["submissions"],
        properties: {
          submissions: {
            type: "array",
            items: { type: "object", required: ["id", "methodName", "status", "reviewState", "createdAt"] },
          },
        },
      }),
    }),
  },
  "/api/v1/submissions/{id}": {
    get: operation("read", {
      summary:
        "A submission's status: stages with progress, queue position, failure, review, files, efficiency, source, scores once SCORED.",
      parameters: [id],
      responses: {
        ...ok('The submission (fields in docs/API.md, "Submission status").', {
          type: "object",
          required: ["id", "status", "final", "stages", "review", "files", "publicPredictions", "source", "scores"],
          properties: {
            id: { type: "string" },
            status: { type: "string", enum: ["RECEIVED", "QUEUED", "SCORING_LEXICAL", "JUDGING", "SCORED", "FAILED"] },
            final: { type: "boolean" },
            queuePosition: { type: ["integer", "null"] },
            publicPredictions: { type: "boolean" },
            source: { oneOf: [ref("EntrySource"), { type: "null" }] },
            scores: { oneOf: [{ type: "array", items: scoreRow }, { type: "null" }] },
          },
        }),
        ...fails(notOwn("submission")),
      },
    }),
  },
  "/api/v1/submissions/{id}/files/{split}": {
    get: operation("read", {
      summary: "Download one of the submission's uploaded prediction files, byte for byte (sha-256 in the ETag).",
      parameters: [id, pathParam("split", { type: "string", enum: ["dyadic", "multi-party"] })],
      responses: {
        "200": {
          description: "The file.",
          headers: { ETag: { schema: { type: "string" } } },
          content: jsonContent({ type: "object" }),
        },
        ...fails(notOwn("submission")),
      },
    }),
  },
  "/api/v1/submissions/{id}/public-predictions": {
    post: operation("publish", {
      summary:
        "Make the prediction files public (cannot be undone; audited): once approved they are served at /api/v1/entries/{id}/files/{split}.",
      parameters: [id],
      responses: {
        ...ok("Done.", {
          type: "object",
          required: ["id", "publicPredictions"],
          properties: { id: { type: "string" }, publicPredictions: { const: true } },
        }),
        ...fails(["NOT_FOUND", "Not a submission of the caller's."]),
      },
    }),
  },
  "/api/v1/submissions/{id}/retry": {
    post: operation("submit", {
      summary:
        "Retry a FAILED submission from a stage (a judge retry keeps the lexical results). At most 10 per account per hour (admins unlimited).",
      parameters: [id],
      requestBody: jsonBody(retrySchema),
      responses: {
        ...ok("Queued again.", { type: "object" }, "202"),
        ...fails(
          notOwn("submission"),
          ["CONFLICT", "Not FAILED, or a concurrent retry won."],
          ["VALIDATION_FAILED", "Unknown stage."],
          ["RATE_LIMITED", "Retry limit; see Retry-After."],
        ),
      },
    }),
  },
  "/api/v1/webhooks": {
    post: operation("webhooks", {
      summary:
        "Register a webhook endpoint (Standard Webhooks) for submission events of the caller's submissions; at most 10 per account.",
      requestBody: jsonBody(webhookInputSchema),
      responses: {
        "201": {
          description: "Registered; the secret is shown only here. Location names the endpoint.",
          headers: { Location: { schema: { type: "string" } } },
          content: jsonContent(ref("WebhookCreated")),
        },
        ...fails(
          [
            "VALIDATION_FAILED",
            "A bad URL, an unknown event, or a loopback/private/link-local target (unless WEBHOOK_ALLOW_PRIVATE=true).",
          ],
          ["CONFLICT", "Already 10 endpoints."],
        ),
      },
    }),
    get: operation("read", {
      summary:
        "The caller's webhook endpoints, each with its last 20 deliveries (status, attempts, last HTTP status and error).",
      responses: ok("The endpoints.", {
        type: "object",
        required: ["webhooks"],
        properties: { webhooks: { type: "array", items: ref("Webhook") } },
      }),
    }),
  },
  "/api/v1/webhooks/{id}": {
    delete: operation("webhooks", {
      summary: "Delete a webhook endpoint and its delivery log (audited).",
      parameters: [id],
      responses: {
        ...ok("Deleted.", {
          type: "object",
          required: ["id", "deleted"],
          properties: { id: { type: "string" }, deleted: { const: true } },
        }),
        ...fails(["NOT_FOUND", "Not an endpoint of the caller's."]),
      },
    }),
  },
  "/api/v1/webhooks/{id}/secret": {
    post: operation("webhooks", {
      summary:
        "Rotate the endpoint's signing secret (audited): the new secret is returned once; the old one stops at once.",
      parameters: [id],
      responses: {
        ...ok("Rotated.", {
          type: "object",
          required: ["id", "secret"],
          properties: { id: { type: "string" }, secret: { type: "string" } },
        }),
        ...fails(["NOT_FOUND", "Not an endpoint of the caller's."]),
      },
    }),
  },
  "/api/v1/webhooks/{id}/test": {
    post: operation("webhooks", {
      summary: "Queue a signed `webhook.test` delivery to the endpoint; its outcome shows in the delivery log.",
      parameters: [id],
      responses: {
        ...ok(
          "Queued.",
          { type: "object", required: ["deliveryId"], properties: { deliveryId: { type: "string" } } },
          "202",
        ),
        ...fails(["NOT_FOUND", "Not an endpoint of the caller's."]),
      },
    }),
  },
};
