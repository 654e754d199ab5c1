import "server-only";
import { z } from "zod";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import {
  matchPredictions,
  parsePredictionFile,
  PREDICTION_FILE_NAMES,
  SPLITS,
  type ValidationIssue,
} from "@/lib/scoring";
import { submissionMetaSchema } from "@/lib/validation/submission-meta";
import { AppError } from "../errors";
import { requireScope, type ApiCaller } from "../http";
import { loadActiveAnswerKey } from "../answer-key/store";
import { createSubmission } from "../submissions/create-submission";
import { assertSubmissionsOpen } from "../submissions/pause";
import { acquireUploadSlot } from "../submissions/upload-slots";
import { getSubmissionForViewer } from "../submissions/submission-views";
import { uploadLimits } from "../submissions/validate-upload";
import type { TokenScope } from "@/generated/prisma/enums";
import { answer, ok } from "./mcp-result";
import { toolInfo } from "./tool-catalog";

// Tools that act for an account: an API token as Bearer, its scopes checked exactly as the REST
// routes check them (requireScope), and uploads through createSubmission like every other path.

const issueSchema = z.looseObject({
  severity: z.string(),
  code: z.string(),
  file: z.string(),
  path: z.string(),
  message: z.string(),
});
const validateOutput = z.strictObject({
  file: z.string(),
  split: z.enum(SPLITS),
  valid: z.boolean(),
  predictions: z.int(),
  errors: z.int(),
  warnings: z.int(),
  issues: z.array(issueSchema).describe("As `h2hmem validate --json`: code, file, JSON path, message and fix."),
});
const submitOutput = z.strictObject({ id: z.string(), status: z.string(), warnings: z.array(z.looseObject({})) });
const statusOutput = z
  .looseObject({ id: z.string(), status: z.string(), final: z.boolean() })
  .describe("As GET /api/v1/submissions/{id}.");

// The method card's fields by the REST upload's names; their rules are the one schema's (createSubmission).
const cardArgs = Object.fromEntries(
  Object.keys(submissionMetaSchema.shape).map((k) => [
    k,
    k === "methodName" ? z.string() : z.union([z.string(), z.number(), z.boolean()]).optional(),
  ]),
);

function caller(c: ApiCaller | null, scope: TokenScope): ApiCaller {
  if (!c) throw new AppError("UNAUTHORIZED", "Send `Authorization: Bearer <api token>` with this request.");
  requireScope(c, scope);
  return c;
}

function validateText(
  split: (typeof SPLITS)[number],
  content: string,
  key: Awaited<ReturnType<typeof loadActiveAnswerKey>>,
) {
  const file = PREDICTION_FILE_NAMES[split];
  const parsed = parsePredictionFile(new TextEncoder().encode(content), { file, split, ...uploadLimits() });
  const issues: ValidationIssue[] = [...parsed.issues];
  if (parsed.ok && key) issues.push(...matchPredictions(split, parsed.items, key.questions, file).issues);
  const errors = issues.filter((i) => i.severity === "error").length;
  return {
    file,
    split,
    valid: errors === 0,
    predictions: parsed.items.length,
    errors,
    warnings: issues.length - errors,
    issues,
  };
}

const text = (s: unknown) => (s === undefined ? undefined : String(s));
const fileOf = (split: (typeof SPLITS)[number], content: string | undefined) =>
  content === undefined
    ? undefined
    : { fileName: PREDICTION_FILE_NAMES[split], bytes: new TextEncoder().encode(content) };

export function registerWriteTools(server: McpServer, who: ApiCaller | null): void {
  server.registerTool(
    "validate_predictions",
    {
      description: toolInfo("validate_predictions").description,
      inputSchema: { split: z.enum(SPLITS), content: z.string().describe("The prediction file's text.") },
      outputSchema: validateOutput,
      annotations: { readOnlyHint: true },
    },
    ({ split, content }) =>
      answer(async () => {
        caller(who, "submit");
        const report = validateText(split, content, await loadActiveAnswerKey());
        const head = report.valid ? `valid ${split} file, ${report.predictions} predictions` : "INVALID";
        const first = report.issues.slice(0, 5).map((i) => `${i.path || "/"}: ${i.message}`);
        return ok(
          report,
          [`${report.file}: ${head} (${report.errors} errors, ${report.warnings} warnings)`, ...first].join("\n"),
        );
      }),
  );
  server.registerTool(
    "submit",
    {
      description: toolInfo("submit").description,
      inputSchema: {
        dyadic: z.string().optional().describe("prediction_dyadic.json's text."),
        multiparty: z.string().optional().describe("prediction_multiparty.json's text."),
        ...cardArgs,
      },
      outputSchema: submitOutput,
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true },
    },
    ({ dyadic, multiparty, ...card }) =>
      answer(async () => {
        const c = caller(who, "submit");
        const meta = Object.fromEntries(Object.entries(card).map(([k, v]) => [k, text(v)]));
        // As the REST upload: public files cannot be taken back, so they need the publish scope.
        if (submissionMetaSchema.shape.publicPredictions.safeParse(meta.publicPredictions).data === true)
          requireScope(c, "publish");
        await assertSubmissionsOpen();
        const slot = await acquireUploadSlot(c.user.id);
        try {
          const files = { dyadic: fileOf("dyadic", dyadic), multiparty: fileOf("multi-party", multiparty) };
          const res = await createSubmission({ userId: c.user.id, files, meta });
          return ok({ id: res.id, status: res.status, warnings: res.warnings }, `Submission ${res.id}: ${res.status}.`);
        } finally {
          await slot.release();
        }
      }),
  );
  server.registerTool(
    "get_submission_status",
    {
      description: toolInfo("get_submission_status").description,
      inputSchema: { id: z.string().min(1).max(100) },
      outputSchema: statusOutput,
      annotations: { readOnlyHint: true },
    },
    ({ id }) =>
      answer(async () => {
        const view = await getSubmissionForViewer(id, caller(who, "read").user);
        return ok(view, `${view.id}: ${view.status}${view.final ? " (final)" : ""}, review ${view.review.state}.`);
      }),
  );
}
