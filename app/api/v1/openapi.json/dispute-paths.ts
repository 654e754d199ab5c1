import {
  disputeReplySchema,
  hideDisputeTextSchema,
  openDisputeSchema,
  resolveDisputeSchema,
} from "@/lib/validation/dispute";
import { fails, jsonBody, ok, operation, pathParam, rateLimited, ref } from "./components";

// Issue 49 point 3: disputes with a right of reply (docs/TRUST.md). Every step is audited.

const id = pathParam("id");
const disputeId = pathParam("disputeId");
const noDispute = fails(["NOT_FOUND", "No dispute with this id (on this entry)."]);
const resolved = fails(["CONFLICT", "The dispute is already resolved."]);

export const disputePaths = {
  "/api/v1/entries/{id}/disputes": {
    get: operation(null, {
      summary:
        "An entry's dispute threads, oldest first: type, statement, evidence links, the owner's replies, state, resolution and every timestamp. Text an administrator hid is null with `hiddenAt`.",
      parameters: [id],
      responses: {
        ...ok("`{disputes}`", {
          type: "object",
          required: ["disputes"],
          properties: { disputes: { type: "array", items: ref("Dispute") } },
        }),
        ...fails(["NOT_FOUND", "No approved or withdrawn entry with this id."], rateLimited),
      },
    }),
    post: operation("submit", {
      summary:
        "Open a dispute on an approved entry of another account (an account with a verified e-mail address; one open dispute per account and entry; at most DISPUTE_DAILY_QUOTA per rolling 24 h). The owner is notified by mail and the `entry.disputed` webhook.",
      parameters: [id],
      requestBody: jsonBody(openDisputeSchema),
      responses: {
        ...ok("The new thread.", ref("Dispute"), "201"),
        ...fails(
          ["FORBIDDEN", "The address is not verified, or the entry is the caller's own."],
          ["NOT_FOUND", "No approved entry with this id."],
          ["CONFLICT", "The caller already has an open dispute on this entry."],
          ["RATE_LIMITED", "DISPUTE_DAILY_QUOTA reached; see Retry-After."],
        ),
      },
    }),
  },
  "/api/v1/entries/{id}/disputes/{disputeId}/replies": {
    post: operation("submit", {
      summary: "The entry owner's reply on a dispute's thread (until it is resolved); the state becomes `answered`.",
      parameters: [id, disputeId],
      requestBody: jsonBody(disputeReplySchema),
      responses: {
        ...ok("The thread.", ref("Dispute"), "201"),
        ...fails(["FORBIDDEN", "Not the entry's owner."]),
        ...noDispute,
        ...resolved,
      },
    }),
  },
  "/api/v1/admin/disputes/{disputeId}/resolve": {
    post: operation("admin", {
      summary:
        "Resolve a dispute: `no_action`, `note_added`, `rescore` (with `rescoreRef`, a scorer version of the entry's scores or an answer-key version) or `withdrawal` (the entry leaves the board with the note as its tombstone's public note).",
      parameters: [disputeId],
      requestBody: jsonBody(resolveDisputeSchema),
      responses: { ...ok("The thread.", ref("Dispute")), ...noDispute, ...resolved },
    }),
  },
  "/api/v1/admin/disputes/{disputeId}/hide": {
    post: operation("admin", {
      summary:
        "Hide abusive text: the statement (no `replyId`) or one reply. The public keeps seeing that it was hidden, and when; the reason is audited.",
      parameters: [disputeId],
      requestBody: jsonBody(hideDisputeTextSchema),
      responses: { ...ok("The thread.", ref("Dispute")), ...noDispute, ...fails(["CONFLICT", "Already hidden."]) },
    }),
  },
};
