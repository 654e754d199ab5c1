import { z } from "zod";
import { auditFilterSchema } from "@/lib/server/audit";
import { roleSchema } from "@/lib/server/auth/set-role";
import {
  baselineSchema,
  bulkSchema,
  metadataSchema,
  rescoreSchema,
  trackOverrideSchema,
  unpublishSchema,
} from "@/lib/server/review/curate";
import { rejectSchema } from "@/lib/server/review/decide";
import { reviewFilterSchema } from "@/lib/server/review/review-queue";
import { publishSchema, rejudgeAllSchema } from "@/lib/server/operations/rollout";
import { pauseInputSchema, pauseStateSchema } from "@/lib/server/submissions/pause";
import { fails, input, jsonBody, ok, operation, pathParam, rateLimited, type JsonSchema } from "./components";

// The admin API: administrators only (a session with the role, or a token with the `admin`
// scope, which only administrators can be given; the role is checked too). Decisions are audited.

const id = pathParam("id");
const noSubmission = fails(["NOT_FOUND", "No submission with this id."]);
const queryParams = (schema: z.ZodObject) =>
  Object.entries((input(schema) as { properties: Record<string, JsonSchema> }).properties).map(([name, s]) => ({
    name,
    in: "query",
    required: false,
    schema: s,
  }));
const decided = (state: string) =>
  ok(
    `\`{id, reviewState: "${state}"}\`; the board snapshot and the owner's notifications are recorded with the decision.`,
    {
      type: "object",
      required: ["id", "reviewState"],
      properties: { id: { type: "string" }, reviewState: { const: state } },
    },
  );

export const adminPaths = {
  "/api/v1/admin/submissions-pause": {
    get: operation(null, {
      summary:
        "Whether submissions are open; while an admin has paused them, the public notice and the Retry-After uploads get.",
      responses: { ...ok("The pause state.", input(pauseStateSchema)), ...fails(rateLimited) },
    }),
    put: operation("admin", {
      summary:
        "Pause new submissions with a public notice, or resume them (audited). While paused every upload (web, API, CLI, MCP `submit`) answers 503 UNAVAILABLE with the notice and Retry-After; every read keeps working.",
      requestBody: jsonBody(pauseInputSchema),
      responses: { ...ok("The new pause state.", input(pauseStateSchema)) },
    }),
  },
  "/api/v1/admin/submissions": {
    get: operation("admin", {
      summary: "The review queue (scored pending first) with headline scores and flags.",
      parameters: [
        {
          name: "review",
          in: "query",
          required: false,
          schema: { ...input(reviewFilterSchema), default: "pending" },
          description: "Which review state to list; anything else lists pending.",
        },
      ],
      responses: ok("`{review, submissions: [...]}`", {
        type: "object",
        required: ["review", "submissions"],
        properties: { review: input(reviewFilterSchema), submissions: { type: "array", items: { type: "object" } } },
      }),
    }),
  },
  "/api/v1/admin/submissions/bulk": {
    post: operation("admin", {
      summary:
        "Approve or reject up to 200 submissions; one result per id (a failure of one does not stop the others).",
      requestBody: jsonBody(bulkSchema),
      responses: ok("`{decision, results: [{id, ok, error?}]}`", {
        type: "object",
        required: ["decision", "results"],
        properties: {
          decision: { type: "string" },
          results: {
            type: "array",
            items: {
              type: "object",
              required: ["id", "ok"],
              properties: { id: { type: "string" }, ok: { type: "boolean" }, error: { type: "string" } },
            },
          },
        },
      }),
    }),
  },
  "/api/v1/admin/submissions/{id}": {
    get: operation("admin", {
      summary:
        "A submission's review detail: method card, scores, flags, files, the stored failure detail, its audit trail.",
      parameters: [id],
      responses: { ...ok("The review detail."), ...noSubmission },
    }),
    patch: operation("admin", {
      summary:
        'Edit the display metadata (method card) only; scores, files and review state are untouched. null or "" clears a field.',
      parameters: [id],
      requestBody: jsonBody(metadataSchema),
      responses: {
        ...ok("`{id, changed: [field names]}`", {
          type: "object",
          required: ["id", "changed"],
          properties: { id: { type: "string" }, changed: { type: "array", items: { type: "string" } } },
        }),
        ...noSubmission,
      },
    }),
  },
  "/api/v1/admin/submissions/{id}/approve": {
    post: operation("admin", {
      summary: "Approve a scored pending submission: it joins the public board.",
      parameters: [id],
      responses: {
        ...decided("APPROVED"),
        ...noSubmission,
        ...fails(["CONFLICT", "Not scored, or already decided (of two concurrent reviewers one wins)."]),
      },
    }),
  },
  "/api/v1/admin/submissions/{id}/reject": {
    post: operation("admin", {
      summary: "Reject a pending submission, or take an approved entry down (the reason becomes its public tombstone).",
      parameters: [id],
      requestBody: jsonBody(rejectSchema),
      responses: {
        ...decided("REJECTED"),
        ...fails(["BAD_REQUEST", "The body is not JSON."]),
        ...noSubmission,
        ...fails(["CONFLICT", "Already rejected or withdrawn."]),
      },
    }),
  },
  "/api/v1/admin/submissions/{id}/unpublish": {
    post: operation("admin", {
      summary:
        "Take an approved entry off the public board with a public note (its link then answers 410 with the tombstone).",
      parameters: [id],
      requestBody: jsonBody(unpublishSchema),
      responses: { ...decided("REJECTED"), ...noSubmission, ...fails(["CONFLICT", "Not an approved entry."]) },
    }),
  },
  "/api/v1/admin/submissions/{id}/baseline": {
    post: operation("admin", {
      summary: "Mark or unmark a submission as a baseline.",
      parameters: [id],
      requestBody: jsonBody(baselineSchema),
      responses: { ...ok("`{id, isBaseline}`"), ...noSubmission, ...fails(["CONFLICT", "Already in that state."]) },
    }),
  },
  "/api/v1/admin/submissions/{id}/track": {
    post: operation("admin", {
      summary:
        "Move a submission to another track, over its declared track and the automatic full-context placement (audited as submission.track; the note is shown to the author as the reason).",
      parameters: [id],
      requestBody: jsonBody(trackOverrideSchema),
      responses: { ...ok("`{id, track}`"), ...noSubmission, ...fails(["CONFLICT", "Already on that track."]) },
    }),
  },
  "/api/v1/admin/submissions/{id}/rescore": {
    post: operation("admin", {
      summary: "Re-run a stage (and the ones after it), or every stage, under the current scorer version.",
      parameters: [id],
      requestBody: jsonBody(rescoreSchema),
      responses: {
        ...ok("Queued.", { type: "object" }, "202"),
        ...noSubmission,
        ...fails(["CONFLICT", "The submission is being scored."]),
      },
    }),
  },
  "/api/v1/admin/users/{id}/role": {
    post: operation("admin", {
      summary: "Change an account's role (audited; takes effect at once).",
      parameters: [id],
      requestBody: jsonBody(roleSchema),
      responses: {
        ...ok("`{id, role}`"),
        ...fails(
          ["NOT_FOUND", "No such user."],
          ["CONFLICT", "An administrator cannot remove their own admin role, or the role is unchanged."],
        ),
      },
    }),
  },
  "/api/v1/admin/audit": {
    get: operation("admin", {
      summary: "Audit events, newest first, filtered.",
      parameters: queryParams(auditFilterSchema),
      responses: ok("`{events: [{id, action, targetType, targetId, details, createdAt, actor}]}`", {
        type: "object",
        required: ["events"],
        properties: { events: { type: "array", items: { type: "object" } } },
      }),
    }),
  },
  "/api/v1/admin/scorer-versions": {
    get: operation("admin", {
      summary:
        "The rollout state: the current (deployment's) and the published scorer version with the approved entries each covers, and every version with scores.",
      responses: ok("`{current, published, pinned, versions}`", {
        type: "object",
        required: ["current", "published", "pinned", "versions"],
      }),
    }),
  },
  "/api/v1/admin/scorer-versions/rejudge": {
    post: operation("admin", {
      summary:
        "Re-score every approved entry (and pending submission) without rows under the current scorer version; idempotent. 200 for a dry run, which changes nothing.",
      requestBody: jsonBody(rejudgeAllSchema),
      responses: {
        ...ok("Dry run: `{scorerVersion, approved, scored, enqueued, inProgress, failed, dryRun}`."),
        ...ok("Enqueued (same fields).", { type: "object" }, "202"),
      },
    }),
  },
  "/api/v1/admin/scorer-versions/publish": {
    post: operation("admin", {
      summary: "Switch the public board to a scorer version (audited; writes a board snapshot).",
      requestBody: jsonBody(publishSchema),
      responses: {
        ...ok("`{from, to, pinnedBefore, coverage, force}`"),
        ...fails(
          ["NOT_FOUND", "The version has no scores."],
          [
            "CONFLICT",
            "Already published, or it covers fewer approved entries than the published one and `force` is not true.",
          ],
        ),
      },
    }),
  },
};
