import "server-only";
import bcrypt from "bcryptjs";
import { CredentialsSignin, type NextAuthConfig } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { z } from "zod";
import type { Role } from "@/generated/prisma/enums";
import { db } from "../db";
import { env, huggingFaceEnabled } from "../env";
import { isAppError } from "../errors";
import { GITHUB_NO_VERIFIED_EMAIL, gitHubProvider } from "./github";
import { HF_NO_VERIFIED_EMAIL, huggingFaceProvider, verifiedHuggingFaceEmail } from "./huggingface";
import { logger } from "../logger";
import { clientIp, consume } from "../rate-limit";
import { recordPasswordSuccess, reservePasswordAttempt } from "./signin-limits";
import { signupMode } from "./signup";
import { BCRYPT_ROUNDS, DUMMY_HASH } from "./users";
import { localeOfHeaders } from "../mail-locale";

export const credentialsSchema = z.object({
  email: z.string().trim().toLowerCase().email("Enter a valid email address").max(320),
  password: z.string().min(1, "Enter your password").max(1000),
});

// The code ends up in a URL query string, so it only says "rate limited", nothing about the account.
export class RateLimitedSignin extends CredentialsSignin {
  code = "rate_limited";
}

// Only someone who knows the password learns this, so it reveals nothing about the address.
export class UnconfirmedSignin extends CredentialsSignin {
  code = "unconfirmed";
}

export type SessionUser = { id: string; email: string; name: string | null; role: Role };

export async function verifyCredentials(raw: unknown, headers: Headers): Promise<SessionUser | null> {
  const parsed = credentialsSchema.safeParse(raw);
  if (!parsed.success) return null;
  const { email, password } = parsed.data;
  const ip = clientIp(headers);
  try {
    await consume("signin-ip", ip);
    await reservePasswordAttempt(email, ip);
  } catch (e) {
    if (isAppError(e) && e.code === "RATE_LIMITED") throw new RateLimitedSignin();
    throw e;
  }
  const user = await db.user.findUnique({ where: { email } });
  const ok = await bcrypt.compare(password, user?.passwordHash ?? DUMMY_HASH);
  if (!user || !user.passwordHash || !ok) {
    return null;
  }
  await recordPasswordSuccess(email, ip);
  const locale = localeOfHeaders(headers);
  if (user.locale !== locale) await db.user.update({ where: { id: user.id }, data: { locale } });
  if (bcrypt.getRounds(user.passwordHash) < BCRYPT_ROUNDS) {
    await db.user.update({
      where: { id: user.id },
      data: { passwordHash: await bcrypt.hash(password, BCRYPT_ROUNDS) },
    });
  }
  if (user.pendingConfirmation && (await signupMode()) !== "open") throw new UnconfirmedSignin();
  return Object.assign(
    { id: user.id, email: user.email, name: user.name, role: user.role },
    { sessionVersion: user.sessionVersion },
  );
}

// Checked on the provider's profile, not `user` (for a linked login that is our stored account).
const NO_VERIFIED_EMAIL: Record<string, { code: string; email: (p: Record<string, unknown>) => string | null }> = {
  github: { code: GITHUB_NO_VERIFIED_EMAIL, email: (p) => (typeof p.email === "string" ? p.email : null) },
  huggingface: { code: HF_NO_VERIFIED_EMAIL, email: verifiedHuggingFaceEmail },
};

export function authConfig(): NextAuthConfig {
  const providers: NextAuthConfig["providers"] = [
    Credentials({
      credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
      authorize: (credentials, request) => verifyCredentials(credentials, request.headers),
    }),
  ];
  if (env.GITHUB_ID && env.GITHUB_SECRET) {
    providers.push(gitHubProvider());
  }
  if (huggingFaceEnabled()) providers.push(huggingFaceProvider());
  return {
    secret: env.AUTH_SECRET,
    // Behind our own load balancer; AUTH_URL pins the origin when set.
    trustHost: true,
    session: { strategy: "jwt", maxAge: 7 * 24 * 3600 },
    pages: { signIn: "/signin", error: "/signin" },
    // Wrong passwords and unlinked OAuth logins are expected outcomes, not server errors.
    logger: {
      error: (e) =>
        e instanceof CredentialsSignin || (e as { type?: string }).type === "OAuthAccountNotLinked"
          ? logger.info({ event: "signin_failed", type: (e as { type?: string }).type }, "sign-in rejected")
          : // Auth.js wraps the real failure (e.g. GitHub's API answering 502) in `cause.err`.
            logger.error(
              { err: e, cause: String((e as { cause?: { err?: unknown } }).cause?.err ?? "") },
              "auth error",
            ),
      warn: (code) => logger.warn({ code }, "auth warning"),
      debug: () => undefined,
    },
    providers,
    callbacks: {
      async signIn({ account, profile }) {
        const provider = account?.provider;
        if (!provider || !Object.hasOwn(NO_VERIFIED_EMAIL, provider)) return true;
        // Refused before Auth.js creates or links anything, also for an already linked login.
        const rule = NO_VERIFIED_EMAIL[provider]!;
        if (!rule.email(profile ?? {})) {
          logger.info(
            { event: "signin_failed", type: rule.code, provider, providerAccountId: account.providerAccountId },
            "sign-in rejected",
          );
          return `/signin?error=${rule.code}`;
        }
        // SIGNUP_MODE=closed covers OAuth too: only logins already linked to an account get in.
        if ((await signupMode()) !== "closed") return true;
        const linked = await db.account.findUnique({
          where: { provider_providerAccountId: { provider, providerAccountId: account.providerAccountId } },
        });
        return Boolean(linked);
      },
      async jwt({ token, user }) {
        if (user?.id) {
          token.uid = user.id;
          token.role = (user as Partial<SessionUser>).role ?? "SUBMITTER";
          const sv = (user as { sessionVersion?: unknown }).sessionVersion;
          token.sv = typeof sv === "number" ? sv : 0;
          token.at = Math.floor(Date.now() / 1000);
        }
        return token;
      },
      async session({ session, token }) {
        if (typeof token.uid === "string") {
          session.user.id = token.uid;
          (session.user as { role?: string }).role = typeof token.role === "string" ? token.role : "SUBMITTER";
          (session.user as { sv?: number }).sv = typeof token.sv === "number" ? token.sv : 0;
          (session.user as { at?: number }).at = typeof token.at === "number" ? token.at : undefined;
        }
        return session;
      },
    },
  };
}
