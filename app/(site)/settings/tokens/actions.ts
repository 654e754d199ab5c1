"use server";

import { revalidatePath } from "next/cache";
import { headers } from "next/headers";
import { createApiToken, revokeApiToken } from "@/lib/server/auth/api-tokens";
import { reauthenticate } from "@/lib/server/auth/reauthenticate";
import { requireUser, sessionSignedInAt } from "@/lib/server/auth/session";
import { localizedAction as action } from "@/app/(site)/localized-action";
import type { NewApiTokenInput } from "@/lib/validation/api-token";

export type CreateTokenInput = NewApiTokenInput & { password: string };

/** Asks for the password again (or a recent sign-in); returns the plain token once, only its hash is stored. */
export async function createTokenAction(input: CreateTokenInput) {
  return action(async () => {
    const user = await requireUser();
    await reauthenticate(
      user.id,
      typeof input?.password === "string" ? input.password : "",
      await sessionSignedInAt(),
      await headers(),
    );
    const { token, info } = await createApiToken(user.id, {
      name: input.name,
      scopes: input.scopes,
      expiresDays: input.expiresDays,
    });
    revalidatePath("/settings/tokens");
    return { token, name: info.name, scopes: info.scopes, expiresAt: info.expiresAt?.toISOString() ?? null };
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
