import { AppError } from "@/lib/server/errors";
import { EFFICIENCY_FIELDS, LINK_FIELDS, SOURCE_FIELDS } from "@/lib/validation/submission-meta";

// Content-Length is checked first and the stream counted too, since the header can be absent or lie;
// a body still arriving after `deadlineMs` is cut off (408), so a trickling client cannot hold upload slots.

export async function readMultipart(req: Request, maxBytes: number, deadlineMs: number): Promise<FormData> {
  const type = req.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(type)) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Send multipart/form-data with files `dyadic` and/or `multiparty`.");
  }
  const declared = Number(req.headers.get("content-length") ?? "NaN");
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(maxBytes);
  if (!req.body) throw new AppError("BAD_REQUEST", "Empty request body.");

  let total = 0;
  let exceeded = false;
  let timedOut = false;
  let timer: NodeJS.Timeout | undefined;
  const counted = req.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      start(controller) {
        timer = setTimeout(() => {
          timedOut = true;
          controller.error(tooSlow(deadlineMs));
        }, deadlineMs);
      },
      transform(chunk, controller) {
        total += chunk.byteLength;
        if (total > maxBytes) {
          exceeded = true;
          controller.error(tooLarge(maxBytes));
          return;
        }
        controller.enqueue(chunk);
      },
    }),
  );
  try {
    return await new Response(counted, { headers: { "content-type": type } }).formData();
  } catch {
    if (exceeded) throw tooLarge(maxBytes);
    if (timedOut) throw tooSlow(deadlineMs);
    throw new AppError("BAD_REQUEST", "Malformed multipart body.");
  } finally {
    clearTimeout(timer);
  }
}

function tooSlow(deadlineMs: number): AppError {
  return new AppError(
    "REQUEST_TIMEOUT",
    `The upload's body did not arrive within ${Math.round(deadlineMs / 1000)} s (UPLOAD_BODY_TIMEOUT_MS); reading stopped. Check the connection and upload again.`,
  );
}

function tooLarge(maxBytes: number): AppError {
  return new AppError(
    "PAYLOAD_TOO_LARGE",
    `Request body exceeds ${(maxBytes / 1024 / 1024).toFixed(1)} MiB: two prediction files of at most UPLOAD_MAX_BYTES each (a full submission is about 1 MB).`,
  );
}

const META_FIELDS = [
  "methodName",
  "organization",
  "description",
  "paperUrl",
  "codeUrl",
  "modality",
  "backbone",
  "memoryMethod",
  "ranBy",
  "methodOwner",
  ...EFFICIENCY_FIELDS,
  "hardware",
  "track",
  "contextTopK",
  "contextTokens",
  "publicPredictions",
  ...SOURCE_FIELDS,
  ...LINK_FIELDS,
] as const;

export async function fileField(
  form: FormData,
  name: string,
): Promise<{ fileName: string; bytes: Uint8Array } | undefined> {
  const v = form.get(name);
  if (v === null) return undefined;
  if (typeof v === "string") {
    throw new AppError("BAD_REQUEST", `Field \`${name}\` must be a file.`, {
      details: [{ code: "FIELD_INVALID_TYPE", file: name, path: "$", message: "expected a file upload" }],
    });
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
