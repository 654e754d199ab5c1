import { AppError } from "@/lib/server/errors";
import { validationPool } from "@/lib/server/submissions/validation-pool";
import { EFFICIENCY_FIELDS, SOURCE_FIELDS } from "@/lib/validation/submission-meta";

// Reads a multipart body with a hard byte ceiling: Content-Length is checked before anything
// is read, and the stream is counted while reading because Content-Length can be absent
// (chunked) or lie. Parsed off the event loop (lib/server/submissions/validation-pool.ts).

export async function readMultipart(req: Request, maxBytes: number): Promise<FormData> {
  const type = req.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(type)) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Send multipart/form-data with files `dyadic` and/or `multiparty`.");
  }
  const declared = Number(req.headers.get("content-length") ?? "NaN");
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(maxBytes);
  if (!req.body) throw new AppError("BAD_REQUEST", "Empty request body.");

  // Counted as it streams in; past the limit reading stops. The bytes are parsed in an upload
  // validation thread: undici's multipart parser would hold the event loop for a fraction of a
  // second per near-limit upload (seconds under load), /api/health included.
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = req.body.getReader();
  for (;;) {
    let next: ReadableStreamReadResult<Uint8Array>;
    try {
      next = await reader.read();
    } catch {
      throw new AppError("BAD_REQUEST", "Malformed multipart body.");
    }
    if (next.done) break;
    total += next.value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(maxBytes);
    }
    chunks.push(next.value);
  }
  const body = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    body.set(c, at);
    at += c.byteLength;
  }
  chunks.length = 0;
  const entries = await validationPool().parseMultipart(body, type);
  if (!entries) throw new AppError("BAD_REQUEST", "Malformed multipart body.");
  const form = new FormData();
  for (const e of entries) {
    if ("bytes" in e) form.append(e.name, new File([e.bytes as Uint8Array<ArrayBuffer>], e.fileName));
    else form.append(e.name, e.value);
  }
  return form;
}

function tooLarge(maxBytes: number): AppError {
  return new AppError("PAYLOAD_TOO_LARGE", `Request body exceeds ${Math.floor(maxBytes / 1024 / 1024)} MiB.`);
}

export const META_FIELDS = [
  "methodName", "organization", "description", "paperUrl", "codeUrl", "modality", "backbone", "memoryMethod",
  ...EFFICIENCY_FIELDS, "hardware", "publicPredictions", ...SOURCE_FIELDS,
] as const;

export async function fileField(form: FormData, name: string): Promise<{ fileName: string; bytes: Uint8Array } | undefined> {
  const v = form.get(name);
  if (v === null) return undefined;
  if (typeof v === "string") {
    throw new AppError("BAD_REQUEST", `Field \`${name}\` must be a file.`, { details: [{ code: "FIELD_INVALID_TYPE", file: name, path: "$", message: "expected a file upload" }] });
  }
  return { fileName: v.name || `${name}.json`, bytes: new Uint8Array(await v.arrayBuffer()) };
}

export function metaFields(form: FormData): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const k of META_FIELDS) {
    const v = form.get(k);
    out[k] = typeof v === "string" ? v : undefined;
  }
  return out;
}
