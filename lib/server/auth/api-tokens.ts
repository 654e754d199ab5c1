import "server-only";
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { db } from "../db";
import { AppError } from "../errors";

// API tokens for `Authorization: Bearer h2h_...`. Only the sha-256 of a token is stored;
// the plain token is shown once at creation.

const TOKEN_PREFIX = "h2h_";
const TOKEN_RE = /^h2h_[A-Za-z0-9_-]{43}$/;

export type ApiTokenInfo = { id: string; name: string; createdAt: Date; lastUsedAt: Date | null; revokedAt: Date | null };

export function hashApiToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

export function generateApiToken(): string {
  return TOKEN_PREFIX + randomBytes(32).toString("base64url");
}

export async function createApiToken(userId: string, name: string): Promise<{ token: string; info: ApiTokenInfo }> {
  const trimmed = name.trim();
  if (trimmed.length === 0 || trimmed.length > 100) {
    throw new AppError("VALIDATION_FAILED", "Token name must be 1-100 characters", { details: [{ path: "name", message: "must be 1-100 characters" }] });
  }
  const token = generateApiToken();
  const row = await db.apiToken.create({ data: { userId, name: trimmed, tokenHash: hashApiToken(token) } });
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

/** Revokes one of the user's tokens; a token of another user is "not found". */
export async function revokeApiToken(userId: string, tokenId: string): Promise<void> {
  const result = await db.apiToken.updateMany({ where: { id: tokenId, userId, revokedAt: null }, data: { revokedAt: new Date() } });
  if (result.count === 0) {
    const exists = await db.apiToken.findFirst({ where: { id: tokenId, userId } });
    if (!exists) throw new AppError("NOT_FOUND", "Token not found");
  }
}

export async function listApiTokens(userId: string): Promise<ApiTokenInfo[]> {
  const rows = await db.apiToken.findMany({ where: { userId }, orderBy: { createdAt: "desc" } });
  return rows.map(pick);
}

function pick(row: ApiTokenInfo): ApiTokenInfo {
  return { id: row.id, name: row.name, createdAt: row.createdAt, lastUsedAt: row.lastUsedAt, revokedAt: row.revokedAt };
}
