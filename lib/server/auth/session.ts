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

// createUser marks the email verified: the signIn callback already refused unverified ones.
// getUser finds nobody, else Auth.js would link a login to a session revoked by sessionVersion.
function oauthAdapter(): Adapter {
  const base = PrismaAdapter(db as never) as Adapter;
  return {
    ...base,
    createUser: (user) =>
      base.createUser!({ ...user, emailVerified: user.email ? (user.emailVerified ?? new Date()) : null }),
    // Provider tokens are used once at sign-in; stored, they would be credentials in our backups.
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

/** Re-read from the database so a deleted user or changed role takes effect before the JWT expires. */
export async function currentUser(): Promise<SessionUser | null> {
  const session = await auth();
  return loadSessionUser(session?.user?.id, (session?.user as { sv?: unknown } | undefined)?.sv);
}

/** Seconds since the epoch; null for older sessions. */
export async function sessionSignedInAt(): Promise<number | null> {
  const at = ((await auth())?.user as { at?: unknown } | undefined)?.at;
  return typeof at === "number" ? at : null;
}

/** Sessions minted with an older `sessionVersion` (absent = 0) were revoked by "sign out everywhere". */
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

/** The JWTs stay signed but are refused. */
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
