import { z } from "zod";
import { noControlCharacters } from "./text";

// Shared by the settings page, `h2hmem token create` and lib/server/auth/api-tokens.ts (the authority).

/** A browser session may do everything its role allows; a token only its scopes. */
export const TOKEN_SCOPES = ["submit", "read", "webhooks", "publish", "admin"] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

/** Enough for `h2hmem submit --wait` and the Action. */
export const DEFAULT_TOKEN_SCOPES: readonly TokenScope[] = ["submit", "read"];

export const TOKEN_SCOPE_LABELS: Record<TokenScope, string> = {
  submit: "submit: upload and retry submissions",
  read: "read: list your submissions, their status and files, your webhooks",
  webhooks: "webhooks: add, test, rotate and delete webhook endpoints",
  publish: "publish: make prediction files public, for good",
  admin: "admin: the admin API (administrators only)",
};

export const MAX_TOKEN_DAYS = 3650;
export const DEFAULT_TOKEN_DAYS = 90;

export const tokenNameSchema = z
  .string({ error: "Give the token a name" })
  .trim()
  .min(1, "Give the token a name")
  .max(100, "At most 100 characters")
  .superRefine(noControlCharacters());

const tokenScopesSchema = z
  .array(z.enum(TOKEN_SCOPES, { error: `Scopes are ${TOKEN_SCOPES.join(", ")}` }), {
    error: "Choose the token's scopes",
  })
  .min(1, "Choose at least one scope")
  .transform((s) => TOKEN_SCOPES.filter((t) => s.includes(t)));

export const newApiTokenSchema = z.object({
  name: tokenNameSchema,
  scopes: tokenScopesSchema,
  /** null, asked for explicitly: until revoked. */
  expiresDays: z
    .number({ error: "Expiry must be a whole number of days" })
    .int("Expiry must be a whole number of days")
    .min(1, "Expiry is at least 1 day")
    .max(MAX_TOKEN_DAYS, `Expiry is at most ${MAX_TOKEN_DAYS} days`)
    .nullable()
    .default(DEFAULT_TOKEN_DAYS),
});

export type NewApiTokenInput = z.input<typeof newApiTokenSchema>;

export function splitScopes(text: string): string[] {
  return text
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}

export function tokenState(t: { revokedAt: Date | null; expiresAt: Date | null }, now = Date.now()): string {
  if (t.revokedAt) return `revoked ${t.revokedAt.toISOString()}`;
  if (t.expiresAt && t.expiresAt.getTime() <= now) return `expired ${t.expiresAt.toISOString()}`;
  return "active";
}
