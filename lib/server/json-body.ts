import "server-only";
import type { z } from "zod";
import { env } from "./env";
import { AppError, zodDetails } from "./errors";

// Counted while streaming since Content-Length can lie.

/** The body parsed as JSON; `onInvalid()` decides what an empty or malformed body is. */
export async function readJsonBody(
  req: Request,
  onInvalid: () => unknown,
  maxBytes: number = env.JSON_BODY_MAX_BYTES,
): Promise<unknown> {
  const text = await readBoundedText(req, maxBytes);
  if (text.trim() === "") return onInvalid();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return onInvalid();
  }
}

export async function parseJsonBody<S extends z.ZodType>(
  req: Request,
  schema: S,
  message: string,
): Promise<z.infer<S>> {
  const body = await readJsonBody(req, () => ({}));
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw new AppError("VALIDATION_FAILED", message, { details: zodDetails(parsed.error.issues, body) });
  }
  return parsed.data;
}

async function readBoundedText(req: Request, maxBytes: number): Promise<string> {
  const declared = Number(req.headers.get("content-length") ?? "NaN");
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(maxBytes);
  if (!req.body) return "";
  const reader = req.body.getReader();
  const decoder = new TextDecoder();
  let total = 0;
  let text = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(maxBytes);
    }
    text += decoder.decode(value, { stream: true });
  }
  return text + decoder.decode();
}

function tooLarge(maxBytes: number): AppError {
  return new AppError("PAYLOAD_TOO_LARGE", `The JSON body exceeds ${maxBytes} bytes; send only the documented fields.`);
}
