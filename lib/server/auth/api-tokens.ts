import "server-only";
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { recordAudit } from "../audit";
import { db } from "../db";
import { AppError } from "../errors";

// API tokens for `Authorization: Bearer h2h_...`. Only the sha-256 of a token is stored;
// the plain token is shown once at creation. Creating and revoking write their audit event in
// the same transaction, whoever calls (the browser's settings page, `h2hmem token`).

export const tokenNameSchema = z.string({ error: "Give the token a name" }).trim().min(1, "Give the token a name").max(100, "At most 100 characters");

const TOKEN_PREFIX = "h2h_";
const TOKEN_RE = /^h2h_[A-Za-z0-9_-]{43}$/;

export type ApiTokenInfo = { id: string; name: string; createdAt: Date; lastUsedAt: Date | null; revokedAt: Date | null };

export function hashApiToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

export function generateApiToken(): string {
  return TOKEN_PREFIX + randomBytes(32).toString("base64url");
}

/** `actor`: who creates it, the owner by default; null for the CLI (an operator with database access). */
export async function createApiToken(userId: string, name: unknown, actor: string | null = userId): Promise<{ token: string; info: ApiTokenInfo }> {
  const parsed = tokenNameSchema.safeParse(name);
  if (!parsed.success) {
    throw new AppError("VALIDATION_FAILED", "Token name must be 1-100 characters", { details: [{ path: "name", message: parsed.error.issues[0]!.message }] });
  }
  const token = generateApiToken();
  const row = await db.$transaction(async (tx) => {
    const created = await tx.apiToken.create({ data: { userId, name: parsed.data, tokenHash: hashApiToken(token) } });
    await recordAudit(tx, { actor, action: "token.create", target: { type: "ApiToken", id: created.id }, details: { name: created.name } });
    return created;
  });
  return { token, info: pick(row) };
}

/** Returns the owner of a valid, unrevoked token (and records its use), or null. */
export async function verifyApiToken(token: string): Promise<{ userId: string; tokenId: string } | null> {
  if (!TOKEN_RE.test(token)) return null;
  const hash = hashApiToken(token);
  const row = await db.apiToken.findUnique({ where: { tokenHash: hash } });
  // The lookup is by hash already; the constant-time compare guards against a future
  // change to a prefix lookup.
  if (!row || row.revokedAt || !timingSafeEqual(Buffer.from(row.tokenHash), Buffer.from(hash))) return null;
  await db.apiToken.update({ where: { id: row.id }, data: { lastUsedAt: new Date() } });
  return { userId: row.userId, tokenId: row.id };
}

/** Revokes one of the user's tokens; a token of another user is "not found", revoking twice a no-op. */
export async function revokeApiToken(userId: string, tokenId: string, actor: string | null = userId): Promise<void> {
  await db.$transaction(async (tx) => {
    const result = await tx.apiToken.updateMany({ where: { id: tokenId, userId, revokedAt: null }, data: { revokedAt: new Date() } });
    if (result.count === 1) {
      await recordAudit(tx, { actor, action: "token.revoke", target: { type: "ApiToken", id: tokenId } });
      return;
    }
    const exists = await tx.apiToken.findFirst({ where: { id: tokenId, userId } });
    if (!exists) throw new AppError("NOT_FOUND", "Token not found");
  });
}

export async function listApiTokens(userId: string): Promise<ApiTokenInfo[]> {
  const rows = await db.apiToken.findMany({ where: { userId }, orderBy: { createdAt: "desc" } });
  return rows.map(pick);
}

function pick(row: ApiTokenInfo): ApiTokenInfo {
  return { id: row.id, name: row.name, createdAt: row.createdAt, lastUsedAt: row.lastUsedAt, revokedAt: row.revokedAt };
}
