import "server-only";
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { Prisma } from "@/generated/prisma/client";
import type { TokenScope } from "@/generated/prisma/enums";
import { newApiTokenSchema } from "@/lib/validation/api-token";
import { recordAudit } from "../audit";
import { db } from "../db";
import { AppError, zodDetails } from "../errors";

// Only the sha-256 is stored; the plain token is shown once. Audit rows share the transaction.

const TOKEN_PREFIX = "h2h_";
const TOKEN_RE = /^h2h_[A-Za-z0-9_-]{43}$/;
const DAY_MS = 24 * 3600 * 1000;

const INFO = {
  id: true,
  name: true,
  scopes: true,
  expiresAt: true,
  createdAt: true,
  lastUsedAt: true,
  revokedAt: true,
} satisfies Prisma.ApiTokenSelect;
type ApiTokenInfo = Prisma.ApiTokenGetPayload<{ select: typeof INFO }>;
type VerifiedApiToken = { userId: string; tokenId: string; scopes: TokenScope[] };

function hashApiToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

function generateApiToken(): string {
  return TOKEN_PREFIX + randomBytes(32).toString("base64url");
}

/** `actor` null: the CLI (an operator with database access). */
export async function createApiToken(
  userId: string,
  input: unknown,
  actor: string | null = userId,
): Promise<{ token: string; info: ApiTokenInfo }> {
  const parsed = newApiTokenSchema.safeParse(input);
  if (!parsed.success) {
    const details = zodDetails(parsed.error.issues, input).map((d) => ({
      ...d,
      path: d.path.split(".")[0] || "token",
    }));
    throw new AppError("VALIDATION_FAILED", `Token ${details[0]!.path}: ${details[0]!.message}`, { details });
  }
  const { name, scopes, expiresDays } = parsed.data;
  const token = generateApiToken();
  const row = await db.$transaction(async (tx) => {
    const owner = await tx.user.findUnique({ where: { id: userId }, select: { role: true } });
    if (!owner) throw new AppError("NOT_FOUND", "User not found");
    if (scopes.includes("admin") && owner.role !== "ADMIN") {
      throw new AppError("FORBIDDEN", "Only administrators can create a token with the admin scope.", {
        details: [{ code: "FIELD_INVALID_VALUE", path: "scopes", message: "admin is for administrators only" }],
      });
    }
    const expiresAt = expiresDays === null ? null : new Date(Date.now() + expiresDays * DAY_MS);
    const created = await tx.apiToken.create({
      data: { userId, name, scopes, expiresAt, tokenHash: hashApiToken(token) },
      select: INFO,
    });
    await recordAudit(tx, {
      actor,
      action: "token.create",
      target: { type: "ApiToken", id: created.id },
      details: { name: created.name, scopes, expiresAt },
    });
    return created;
  });
  return { token, info: row };
}

export async function verifyApiToken(token: string): Promise<VerifiedApiToken | null> {
  if (!TOKEN_RE.test(token)) return null;
  const hash = hashApiToken(token);
  const row = await db.apiToken.findUnique({ where: { tokenHash: hash } });
  // Constant-time compare guards against a future change to a prefix lookup.
  if (!row || row.revokedAt || !timingSafeEqual(Buffer.from(row.tokenHash), Buffer.from(hash))) return null;
  if (row.expiresAt && row.expiresAt.getTime() <= Date.now()) return null;
  await db.apiToken.update({ where: { id: row.id }, data: { lastUsedAt: new Date() } });
  return { userId: row.userId, tokenId: row.id, scopes: row.scopes };
}

/** Another user's token is "not found"; revoking twice is a no-op. */
export async function revokeApiToken(userId: string, tokenId: string, actor: string | null = userId): Promise<void> {
  await db.$transaction(async (tx) => {
    const result = await tx.apiToken.updateMany({
      where: { id: tokenId, userId, revokedAt: null },
      data: { revokedAt: new Date() },
    });
    if (result.count === 1) {
      await recordAudit(tx, { actor, action: "token.revoke", target: { type: "ApiToken", id: tokenId } });
      return;
    }
    const exists = await tx.apiToken.findFirst({ where: { id: tokenId, userId } });
    if (!exists) throw new AppError("NOT_FOUND", "Token not found");
  });
}

export async function revokeAllApiTokens(userId: string, actor: string | null = userId): Promise<number> {
  return db.$transaction(async (tx) => {
    const active = await tx.apiToken.findMany({ where: { userId, revokedAt: null }, select: { id: true } });
    if (active.length === 0) return 0;
    await tx.apiToken.updateMany({
      where: { id: { in: active.map((t) => t.id) }, revokedAt: null },
      data: { revokedAt: new Date() },
    });
    for (const t of active)
      await recordAudit(tx, {
        actor,
        action: "token.revoke",
        target: { type: "ApiToken", id: t.id },
        details: { all: true },
      });
    return active.length;
  });
}

export async function listApiTokens(userId: string): Promise<ApiTokenInfo[]> {
  return db.apiToken.findMany({ where: { userId }, orderBy: { createdAt: "desc" }, select: INFO });
}
