import "server-only";
import bcrypt from "bcryptjs";
import { db } from "../db";
import { AppError } from "../errors";
import { clientIp } from "../rate-limit";
import { recordPasswordSuccess, reservePasswordAttempt } from "./signin-limits";

// Sensitive browser actions (creating an API token) ask for the password again, so a session
// left open or a stolen cookie cannot mint a long-lived credential. Accounts without a password
// (GitHub sign-in) prove it with a recent sign-in instead.

export const RECENT_SIGNIN_SECONDS = 10 * 60;

/**
 * `signedInAt`: when the session was created (seconds since the epoch; null if unknown).
 * Wrong passwords count against the sign-in limits of (account, address) and account.
 */
export async function reauthenticate(
  userId: string,
  password: string,
  signedInAt: number | null,
  headers: Headers,
): Promise<void> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { email: true, passwordHash: true } });
  if (!user) throw new AppError("UNAUTHORIZED", "Sign in first.");
  if (!user.passwordHash) {
    const fresh = signedInAt !== null && Date.now() / 1000 - signedInAt <= RECENT_SIGNIN_SECONDS;
    if (!fresh)
      throw new AppError(
        "FORBIDDEN",
        "Your account signs in with GitHub: sign out and in again, then create the token within 10 minutes.",
      );
    return;
  }
  const ip = clientIp(headers);
  await reservePasswordAttempt(user.email, ip);
  if (!(await bcrypt.compare(password, user.passwordHash))) {
    throw new AppError("VALIDATION_FAILED", "That is not your password.", {
      details: [{ code: "WRONG_PASSWORD", path: "password", message: "Wrong password" }],
    });
  }
  await recordPasswordSuccess(user.email, ip);
}
