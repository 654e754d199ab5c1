"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { createApiToken, revokeApiToken } from "@/lib/server/auth/api-tokens";
import { requireUser } from "@/lib/server/auth/session";
import { db } from "@/lib/server/db";
import { action } from "@/lib/server/http";

const nameSchema = z.string().trim().min(1, "Give the token a name").max(100, "At most 100 characters");

/** Returns the plain token once; only its hash is stored. */
export async function createTokenAction(name: string) {
  return action(async () => {
    const user = await requireUser();
    const { token, info } = await createApiToken(user.id, nameSchema.parse(name));
    await db.auditEvent.create({ data: { actorId: user.id, action: "token.create", targetType: "ApiToken", targetId: info.id, details: { name: info.name } } });
    revalidatePath("/settings/tokens");
    return { token, name: info.name };
  });
}

export async function revokeTokenAction(tokenId: string) {
  return action(async () => {
    const user = await requireUser();
    await revokeApiToken(user.id, tokenId);
    await db.auditEvent.create({ data: { actorId: user.id, action: "token.revoke", targetType: "ApiToken", targetId: tokenId, details: {} } });
    revalidatePath("/settings/tokens");
    return { id: tokenId };
  });
}
