import "server-only";
import { createHash, randomBytes } from "node:crypto";
import bcrypt from "bcryptjs";
import type { ZodError } from "zod";
import { signupSchema, emailSchema, fieldErrors, type SignupInput } from "@/lib/validation/signup";
import { recordAudit } from "../audit";
import { db } from "../db";
import { env } from "../env";
import { AppError, zodDetails } from "../errors";
import { logger } from "../logger";
import { mailConfigured, sendMail, type Mail } from "../mail";
import { localeOfHeaders, userLocale } from "../mail-locale";
import { clientIp, consume } from "../rate-limit";
import { checkPassword } from "./signin-limits";
import { alreadyRegisteredMail, confirmationMail, welcomeMail } from "./signup-mail";
import { BCRYPT_ROUNDS } from "./users";

// Same answer whether or not the email is registered (no enumeration); only the mail differs.
// Confirming needs the token AND the sign-up password, so a link for someone else's sign-up is useless.

type SignupMode = "open" | "confirm" | "closed";
const CONFIRM_TTL_MS = 24 * 60 * 60 * 1000;

/** The mode as configured: SIGNUP_MODE, else confirm with mail and open without. */
export function configuredSignupMode(): SignupMode {
  return env.SIGNUP_MODE ?? (mailConfigured() ? "confirm" : "open");
}

/** Closed (not open) when mail is gone but accounts await confirmation: open would let them sign in. */
export async function signupMode(): Promise<SignupMode> {
  const mode = configuredSignupMode();
  if (env.SIGNUP_MODE || mode !== "open") return mode;
  const pending = await db.user.findFirst({ where: { pendingConfirmation: true }, select: { id: true } });
  if (!pending) return "open";
  logger.warn(
    { event: "signup_closed_pending" },
    "sign-up closed: SIGNUP_MODE is unset, mail is not configured and accounts await confirmation; set SIGNUP_MODE (open lets them sign in) or configure mail",
  );
  return "closed";
}

const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");
const identifierOf = (userId: string) => `signup:${userId}`;
const findLink = (token: string) =>
  db.verificationToken.findFirst({
    where: { token, identifier: { startsWith: "signup:" }, expires: { gt: new Date() } },
  });

function invalid(error: ZodError, input: unknown): AppError {
  const firsts = Object.keys(fieldErrors(error));
  const details = zodDetails(error.issues, input).map((d) => ({ ...d, path: d.path.split(".")[0] || "form" }));
  return new AppError("VALIDATION_FAILED", "Please correct the fields below.", {
    details: firsts.map((f) => details.find((d) => d.path === f)!),
  });
}

/** Replaces any earlier link; the raw token is mailed, never stored. */
async function issueToken(userId: string): Promise<string> {
  const raw = randomBytes(32).toString("base64url");
  await db.$transaction([
    db.verificationToken.deleteMany({ where: { identifier: identifierOf(userId) } }),
    db.verificationToken.create({
      data: { identifier: identifierOf(userId), token: sha256(raw), expires: new Date(Date.now() + CONFIRM_TTL_MS) },
    }),
  ]);
  return raw;
}

/** At most a few mails per address per hour; over the limit the mail is skipped silently. */
async function mailLimited(email: string, build: () => Promise<Mail> | Mail): Promise<void> {
  if (!mailConfigured()) return;
  const allowed = await consume("signup-email", email).then(
    () => true,
    () => false,
  );
  if (allowed) await sendMail(await build());
  else logger.warn({ event: "signup_mail_limited" }, "sign-up mail skipped: too many for this address");
}

export async function signUp(input: SignupInput, headers: Headers): Promise<{ mode: "open" | "confirm" }> {
  const mode = await signupMode();
  if (mode === "closed")
    throw new AppError("FORBIDDEN", "Sign-up is closed on this leaderboard. Ask an administrator for an account.");
  const parsed = signupSchema.safeParse(input);
  if (!parsed.success) throw invalid(parsed.error, input);
  await consume("signup-ip", clientIp(headers));
  const { email, password } = parsed.data;
  const locale = localeOfHeaders(headers);
  // Hashed before the lookup so both outcomes cost the same time.
  const passwordHash = await bcrypt.hash(password, BCRYPT_ROUNDS);
  const existing = await db.user.findUnique({
    where: { email },
    select: { id: true, pendingConfirmation: true, locale: true },
  });
  if (existing?.pendingConfirmation && mode === "confirm") {
    // Latest password wins only when its link is mailed, so the mail limit cannot strand the account.
    await mailLimited(email, async () => {
      await db.user.update({ where: { id: existing.id }, data: { passwordHash, locale } });
      return confirmationMail(email, await issueToken(existing.id), locale);
    });
  } else if (existing) {
    // Someone else may be signing up with this address: the owner's language, not the visitor's.
    await mailLimited(email, () => alreadyRegisteredMail(email, userLocale(existing.locale)));
  } else {
    const user = await createAccount(email, passwordHash, mode === "confirm", locale);
    if (user)
      await mailLimited(email, async () =>
        mode === "confirm" ? confirmationMail(email, await issueToken(user.id), locale) : welcomeMail(email, locale),
      );
  }
  return { mode };
}

/** Null when a concurrent request created the same email first (answered like any existing email). */
async function createAccount(
  email: string,
  passwordHash: string,
  pending: boolean,
  locale: string,
): Promise<{ id: string } | null> {
  try {
    return await db.$transaction(async (tx) => {
      const u = await tx.user.create({
        data: { email, passwordHash, role: "SUBMITTER", pendingConfirmation: pending, locale },
        select: { id: true },
      });
      await recordAudit(tx, {
        actor: u.id,
        action: "user.signup",
        target: { type: "User", id: u.id },
        details: { confirmation: pending },
      });
      return u;
    });
  } catch (e) {
    if ((e as { code?: string }).code === "P2002") return null;
    throw e;
  }
}

export async function resendConfirmation(rawEmail: unknown, headers: Headers): Promise<void> {
  if (!mailConfigured())
    throw new AppError("FORBIDDEN", "This leaderboard sends no mail, so there is nothing to resend.");
  const parsed = emailSchema.safeParse(rawEmail);
  if (!parsed.success)
    throw new AppError("VALIDATION_FAILED", "Enter a valid email address", {
      details: [{ code: "FIELD_INVALID_FORMAT", path: "email", message: "Enter a valid email address" }],
    });
  await consume("signup-ip", clientIp(headers));
  const user = await db.user.findUnique({
    where: { email: parsed.data },
    select: { id: true, pendingConfirmation: true, locale: true },
  });
  if (user?.pendingConfirmation)
    await mailLimited(parsed.data, async () =>
      confirmationMail(parsed.data, await issueToken(user.id), userLocale(user.locale)),
    );
}

const LINK_DEAD = "This confirmation link is invalid, already used or older than 24 hours. Ask for a new one below.";

/** Does not use the link up. */
export async function peekConfirmation(rawToken: string): Promise<{ email: string } | null> {
  const row = rawToken ? await findLink(sha256(rawToken)) : null;
  if (!row) return null;
  const user = await db.user.findUnique({
    where: { id: row.identifier.slice("signup:".length) },
    select: { email: true, pendingConfirmation: true },
  });
  return user?.pendingConfirmation ? { email: user.email } : null;
}

/** The link is used up only on success; returns the email for the sign-in that follows. */
export async function confirmEmail(rawToken: string, password: string, headers: Headers): Promise<{ email: string }> {
  const token = sha256(rawToken);
  const row = await findLink(token);
  if (!row) throw new AppError("GONE", LINK_DEAD);
  const userId = row.identifier.slice("signup:".length);
  const user = await db.user.findUnique({ where: { id: userId } });
  if (!user?.pendingConfirmation || !user.passwordHash) throw new AppError("GONE", LINK_DEAD);
  await checkPassword(
    user.email,
    user.passwordHash,
    password,
    headers,
    "That is not the password chosen at sign-up for this address.",
  );
  await db.$transaction(async (tx) => {
    // Single use even under concurrent clicks: only the request that deletes the row proceeds.
    const used = await tx.verificationToken.deleteMany({ where: { identifier: row.identifier, token } });
    if (used.count !== 1) throw new AppError("GONE", LINK_DEAD);
    await tx.verificationToken.deleteMany({ where: { identifier: row.identifier } });
    await tx.user.update({ where: { id: userId }, data: { pendingConfirmation: false, emailVerified: new Date() } });
    await recordAudit(tx, { actor: userId, action: "user.email_confirmed", target: { type: "User", id: userId } });
  });
  return { email: user.email };
}
