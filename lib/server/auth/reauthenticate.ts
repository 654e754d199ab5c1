import "server-only";
import { db } from "../db";
import { AppError } from "../errors";
import { checkPassword } from "./signin-limits";

// A session left open or a stolen cookie must not mint a long-lived credential.

const RECENT_SIGNIN_SECONDS = 10 * 60;

/** Accounts without a password prove it with a sign-in newer than RECENT_SIGNIN_SECONDS. */
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
  await checkPassword(user.email, user.passwordHash, password, headers, "That is not your password.");
}
