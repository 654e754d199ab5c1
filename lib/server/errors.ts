import "server-only";
import { z } from "zod";
import { DETAIL_CODES, type FieldCode } from "@/lib/scoring";

export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  REQUEST_TIMEOUT: 408,
  CONFLICT: 409,
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  VALIDATION_FAILED: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

const errorDetailSchema = z.strictObject({
  code: z.enum(DETAIL_CODES).meta({
    description:
      "Stable machine code of the problem, for clients that translate: a prediction file's issue code (e.g. ANSWER_TOO_LONG, NO_PREDICTIONS, as in the browser check and `h2hmem validate`) or a field code (FIELD_REQUIRED, FIELD_TOO_LONG, ...). Codes are never renamed; the English message may change.",
  }),
  file: z.string().optional().meta({ description: "The uploaded file the problem is in." }),
  path: z
    .string()
    .optional()
    .meta({ description: "JSON path in the file (/predictions/0/system_answer), or the field name." }),
  message: z.string(),
  params: z
    .record(z.string(), z.union([z.string(), z.number()]))
    .optional()
    .meta({ description: "The values in the message (limits, counts, field names), for a translated message." }),
});
export type ErrorDetail = z.infer<typeof errorDetailSchema>;

const FIELD_CODES: Partial<Record<z.core.$ZodIssue["code"], FieldCode>> = {
  too_small: "FIELD_TOO_SHORT",
  too_big: "FIELD_TOO_LONG",
  invalid_format: "FIELD_INVALID_FORMAT",
  invalid_value: "FIELD_INVALID_VALUE",
  unrecognized_keys: "FIELD_UNKNOWN",
};

/** `input` (what was parsed) tells a missing field from a wrong one. */
function fieldCode(issue: z.core.$ZodIssue, input: unknown): FieldCode {
  if (issue.code === "invalid_type")
    return valueAt(input, issue.path) === undefined ? "FIELD_REQUIRED" : "FIELD_INVALID_TYPE";
  return FIELD_CODES[issue.code] ?? "FIELD_INVALID";
}

function valueAt(input: unknown, path: ReadonlyArray<PropertyKey>): unknown {
  let v = input;
  for (const key of path)
    v = v !== null && typeof v === "object" ? (v as Record<PropertyKey, unknown>)[key] : undefined;
  return v;
}

export function zodDetails(
  issues: ReadonlyArray<z.core.$ZodIssue>,
  input?: unknown,
  extra: Partial<ErrorDetail> = {},
): Array<ErrorDetail & { path: string }> {
  return issues.map((i) => {
    const limit = "minimum" in i ? i.minimum : "maximum" in i ? i.maximum : undefined;
    return {
      code: fieldCode(i, input),
      path: i.path.join("."),
      message: i.message,
      ...(typeof limit === "number" ? { params: { limit } } : {}),
      ...extra,
    };
  });
}

export const errorBodySchema = z.strictObject({
  error: z.strictObject({
    code: z.enum(Object.keys(ERROR_STATUS) as ErrorCode[]),
    message: z.string(),
    details: z.array(errorDetailSchema),
  }),
});

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: ErrorDetail[];
  readonly retryAfterSeconds?: number;

  constructor(
    code: ErrorCode,
    message: string,
    opts: { details?: ErrorDetail[]; retryAfterSeconds?: number; cause?: unknown } = {},
  ) {
    super(message, { cause: opts.cause });
    this.name = "AppError";
    this.code = code;
    this.details = opts.details ?? [];
    this.retryAfterSeconds = opts.retryAfterSeconds;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }

  toJSON(): z.infer<typeof errorBodySchema> {
    return { error: { code: this.code, message: this.message, details: this.details } };
  }
}

export function isAppError(e: unknown): e is AppError {
  return e instanceof AppError;
}

export type ActionResult<T> =
  { ok: true; data: T } | { ok: false; error: { code: ErrorCode; message: string; details: ErrorDetail[] } };
