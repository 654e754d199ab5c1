import "server-only";
import type { z } from "zod";
import { AppError, zodDetails, type ErrorCode } from "../errors";

// Every way a dispute step is refused, named: the API answers the code and message, the entry page's
// forms (which work without JavaScript) redirect with the name and show it in the reader's language.

const REFUSALS = {
  unverified: ["FORBIDDEN", "Only an account with a verified e-mail address can open a dispute."],
  ownEntry: ["FORBIDDEN", "You cannot dispute your own entry."],
  notPublic: ["NOT_FOUND", "No approved entry with this id."],
  notFound: ["NOT_FOUND", "No dispute with this id on this entry."],
  alreadyOpen: [
    "CONFLICT",
    "You already have an open dispute on this entry; it must be resolved before you open another.",
  ],
  quota: [
    "RATE_LIMITED",
    "You have opened as many disputes as allowed in 24 hours (DISPUTE_DAILY_QUOTA); try again later.",
  ],
  notOwner: ["FORBIDDEN", "Only the entry's owner can reply to a dispute."],
  resolved: ["CONFLICT", "This dispute is already resolved."],
  hidden: ["CONFLICT", "This text is already hidden."],
  unknownRef: ["VALIDATION_FAILED", "rescoreRef names no scorer version of this entry and no answer-key version."],
  invalid: ["VALIDATION_FAILED", "Please correct the dispute."],
} as const satisfies Record<string, readonly [ErrorCode, string]>;
export type RefusalReason = keyof typeof REFUSALS;
export const REFUSAL_REASONS = Object.keys(REFUSALS) as RefusalReason[];

export class DisputeRefusal extends AppError {
  constructor(
    readonly reason: RefusalReason,
    opts: ConstructorParameters<typeof AppError>[2] = {},
  ) {
    super(REFUSALS[reason][0], REFUSALS[reason][1], reason === "quota" ? { retryAfterSeconds: 3600, ...opts } : opts);
  }
}

export const refusal = (reason: RefusalReason) => new DisputeRefusal(reason);

/** The refusal a failed action's message names (server actions return results, not the error), or null. */
export const refusalOf = (message: string): RefusalReason | null =>
  REFUSAL_REASONS.find((r) => REFUSALS[r][1] === message) ?? null;

/** Parses a step's body; a failure is an "invalid" refusal with the located field problems. */
export function parseDisputeBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new DisputeRefusal("invalid", { details: zodDetails(parsed.error.issues, body) });
  return parsed.data;
}
