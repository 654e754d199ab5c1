import { errorChain, ownDbErrorKind } from "@/lib/server/db-errors";
import { scrubSecrets } from "@/lib/server/logger";

// Transient (retried with backoff): the database was unreachable or lost a race, or Redis dropped
// the connection. Everything else (bad data, a bug) is permanent.
const QUEUE_MESSAGE = /connection (is )?closed|Stream isn't writeable|timed out/i;

// Errors that already carry a final verdict; nothing they wrap is looked at.
const PERMANENT_NAMES = new Set(["PermanentError", "JudgeStageError", "UnrecoverableError"]);
const isPermanent = (err: object) => PERMANENT_NAMES.has(String((err as { name?: unknown }).name));

export function isTransientError(e: unknown): boolean {
  return errorChain(e, isPermanent).some((err) => {
    const message = (err as { message?: unknown }).message;
    return ownDbErrorKind(err) !== null || (typeof message === "string" && QUEUE_MESSAGE.test(message));
  });
}

/** A failure that no retry can fix; the message is shown to the submitter. */
export class PermanentError extends Error {
  constructor(message: string, opts?: { cause?: unknown }) {
    super(message, opts);
    this.name = "PermanentError";
  }
}

export function describeError(e: unknown): string {
  return scrubSecrets(e instanceof Error ? e.message : String(e)).slice(0, 2000);
}
