import "server-only";
import { ZodError } from "zod";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { AppError, isAppError, zodDetails } from "../errors";
import { logger } from "../logger";

// One shape for every tool's answer: structuredContent (checked against the tool's outputSchema by
// the SDK) plus a short text; a refusal is isError with the REST error body as JSON text.

export function ok(data: object, text: string): CallToolResult {
  return { structuredContent: data as Record<string, unknown>, content: [{ type: "text", text }] };
}

function toAppError(e: unknown): AppError {
  if (isAppError(e)) return e;
  if (e instanceof ZodError)
    return new AppError("VALIDATION_FAILED", "Invalid tool arguments.", { details: zodDetails(e.issues) });
  const id = crypto.randomUUID();
  logger.error({ err: e, errorId: id }, "mcp tool failed");
  return new AppError("INTERNAL", `Internal error (reference ${id}).`);
}

export function refused(e: unknown): CallToolResult {
  const err = toAppError(e);
  const retry = err.retryAfterSeconds ? ` Retry after ${err.retryAfterSeconds} s.` : "";
  const body = {
    ...err.toJSON(),
    status: err.status,
    ...(err.retryAfterSeconds ? { retryAfterSeconds: err.retryAfterSeconds } : {}),
  };
  // No structuredContent: SDK clients check any they get against the tool's output schema, which
  // describes success, so a refusal there would surface as a schema error. The REST error body is
  // the second text block, as JSON.
  return {
    isError: true,
    content: [
      { type: "text", text: `${err.status} ${err.code}: ${err.message}${retry}` },
      { type: "text", text: JSON.stringify(body) },
    ],
  };
}

/** Runs a tool body; an AppError (401, 403, 404, 422, 429, 503 ...) becomes a tool error, not a protocol error. */
export async function answer(fn: () => Promise<CallToolResult>): Promise<CallToolResult> {
  try {
    return await fn();
  } catch (e) {
    return refused(e);
  }
}
