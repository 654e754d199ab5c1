import "server-only";
import { PrismaAdapter } from "@auth/prisma-adapter";
import NextAuth from "next-auth";
import type { Adapter } from "next-auth/adapters";
import { authConfig, type SessionUser } from "./config";
import { db } from "../db";
import { env, huggingFaceEnabled } from "../env";
import { AppError } from "../errors";

// Lazy config: env is read on the first request, not when `next build` imports this module.
export const { handlers, auth, signIn, signOut } = NextAuth(() => {
  const config = authConfig();
  // The adapter is only needed to link OAuth accounts to users; credentials need none.
  if ((env.GITHUB_ID && env.GITHUB_SECRET) || huggingFaceEnabled()) {
    config.adapter = oauthAdapter();
  }
  return config;
});

/**
 * The Prisma adapter with three changes (the adapter-backed providers are GitHub and Hugging
 * Face, both refusing unverified emails in the signIn callback; another one means revisiting them):
 * - A user it creates is marked email-verified. Auth.js creates OAuth users with
 *   `emailVerified: null` and has no per-provider hook before the insert, but the signIn
 *   callback (config.ts) has already refused any GitHub or Hugging Face profile without an
 *   address that provider verified. Password accounts never get here (signup.ts sets theirs on confirmation).
 * - `getUser` finds nobody. Auth.js calls it (JWT sessions) only to learn who the session
 *   cookie belongs to at an OAuth callback, and then links the GitHub login to that account,
 *   even for a session revoked by "sign out everywhere" (it never sees our sessionVersion).
 *   Linking is not offered, so every GitHub sign-in is treated as a fresh one.
 * - `linkAccount` stores no OAuth tokens (below).
 */
function oauthAdapter(): Adapter {
  const base = PrismaAdapter(db as never) as Adapter;
  return {
    ...base,
    createUser: (user) =>
      base.createUser!({ ...user, emailVerified: user.email ? (user.emailVerified ?? new Date()) : null }),
    // Only the link is kept: the provider's access token (and any refresh or id token) is used once,
    // at sign-in, to read the profile and emails; stored, it would be a credential to the user's
    // GitHub or Hugging Face account sitting in our database and its backups.
    linkAccount: (account) =>
      base.linkAccount!({
        ...account,
        access_token: undefined,
        refresh_token: undefined,
        id_token: undefined,
        expires_at: undefined,
        session_state: undefined,
      }),
    getUser: async () => null,
  };
}

/**
 * The signed-in user, re-read from the database so that a deleted user or a changed role
 * takes effect at once rather than when the JWT expires.
 */
export async function currentUser(): Promise<SessionUser | null> {
  const session = await auth();
  return loadSessionUser(session?.user?.id, (session?.user as { sv?: unknown } | undefined)?.sv);
}

/** When the current browser session signed in (seconds since the epoch), or null (older sessions). */
export async function sessionSignedInAt(): Promise<number | null> {
  const at = ((await auth())?.user as { at?: unknown } | undefined)?.at;
  return typeof at === "number" ? at : null;
}

/**
 * `sessionVersion` is the version the session was minted with (absent = 0): sessions older
 * than the user's current version were revoked by "sign out everywhere".
 */
export async function loadSessionUser(
  id: string | null | undefined,
  sessionVersion?: unknown,
): Promise<SessionUser | null> {
  if (!id) return null;
  const user = await db.user.findUnique({
    where: { id },
    select: { id: true, email: true, name: true, role: true, sessionVersion: true },
  });
  if (!user || user.sessionVersion !== (typeof sessionVersion === "number" ? sessionVersion : 0)) return null;
  return { id: user.id, email: user.email, name: user.name, role: user.role };
}

/** Revokes every session of the user, on every device (the JWTs stay signed but are refused). */
export async function revokeAllSessions(userId: string): Promise<void> {
  await db.user.update({ where: { id: userId }, data: { sessionVersion: { increment: 1 } } });
}

export async function requireUser(): Promise<SessionUser> {
  const user = await currentUser();
  if (!user) throw new AppError("UNAUTHORIZED", "Sign in first.");
  return user;
}

export async function requireAdmin(): Promise<SessionUser> {
  const user = await requireUser();
  if (user.role !== "ADMIN") throw new AppError("FORBIDDEN", "Administrators only.");
  return user;
}
