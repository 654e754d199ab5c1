import "server-only";
import { z } from "zod";

// One error type for the whole server. Route handlers and server actions map it to
// HTTP statuses / action results; anything else is an internal error (logged, never leaked).

export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
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

export const errorDetailSchema = z.strictObject({
  code: z.string().optional().meta({ description: "For a problem in a prediction file: the validator's issue code (e.g. ANSWER_TOO_LONG, NO_PREDICTIONS), as in the browser check and `h2hmem validate`." }),
  file: z.string().optional().meta({ description: "The uploaded file the problem is in." }),
  path: z.string().optional().meta({ description: "JSON path in the file (/predictions/0/system_answer), or the field name." }),
  message: z.string(),
});
export type ErrorDetail = z.infer<typeof errorDetailSchema>;

/** The body of every error response (AppError.toJSON). */
export const errorBodySchema = z.strictObject({
  error: z.strictObject({ code: z.enum(Object.keys(ERROR_STATUS) as ErrorCode[]), message: z.string(), details: z.array(errorDetailSchema) }),
});

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: ErrorDetail[];
  readonly retryAfterSeconds?: number;

  constructor(code: ErrorCode, message: string, opts: { details?: ErrorDetail[]; retryAfterSeconds?: number; cause?: unknown } = {}) {
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

export type ActionResult<T> = { ok: true; data: T } | { ok: false; error: { code: ErrorCode; message: string; details: ErrorDetail[] } };
