"use server";

import { revalidatePath } from "next/cache";
import { createApiToken, revokeApiToken } from "@/lib/server/auth/api-tokens";
import { requireUser } from "@/lib/server/auth/session";
import { action } from "@/lib/server/http";

/** Returns the plain token once; only its hash is stored. */
export async function createTokenAction(name: string) {
  return action(async () => {
    const user = await requireUser();
    const { token, info } = await createApiToken(user.id, name);
    revalidatePath("/settings/tokens");
    return { token, name: info.name };
  });
}

export async function revokeTokenAction(tokenId: string) {
  return action(async () => {
    const user = await requireUser();
    await revokeApiToken(user.id, tokenId);
    revalidatePath("/settings/tokens");
    return { id: tokenId };
  });
}
