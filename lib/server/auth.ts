import { PrismaAdapter } from "@auth/prisma-adapter";
import NextAuth from "next-auth";
import type { Adapter } from "next-auth/adapters";
import { authConfig, type SessionUser } from "./auth.config";
import { db } from "./db";
import { env } from "./env";
import { AppError } from "./errors";

// Lazy config: env is read on the first request, not when `next build` imports this module.
export const { handlers, auth, signIn, signOut } = NextAuth(() => {
  const config = authConfig();
  // The adapter is only needed to link OAuth accounts to users; credentials need none.
  if (env.GITHUB_ID && env.GITHUB_SECRET) {
    config.adapter = PrismaAdapter(db as never) as Adapter;
  }
  return config;
});

/**
 * The signed-in user, re-read from the database so that a deleted user or a changed role
 * takes effect at once rather than when the JWT expires.
 */
export async function currentUser(): Promise<SessionUser | null> {
  const session = await auth();
  return loadSessionUser(session?.user?.id);
}

export async function loadSessionUser(id: string | null | undefined): Promise<SessionUser | null> {
  if (!id) return null;
  return db.user.findUnique({ where: { id }, select: { id: true, email: true, name: true, role: true } });
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
