import "server-only";
import bcrypt from "bcryptjs";
import { AppError } from "../errors";
import { clientIp, consume, refund, resetLimit } from "../rate-limit";

// Per (account, address) so a guesser cannot lock the owner out from elsewhere; a per-account
// ceiling stops spread-out guessing. The point is taken before the check so a burst cannot slip past.

const pair = (email: string, ip: string) => `${email}|${ip}`;

export async function reservePasswordAttempt(email: string, ip: string): Promise<void> {
  await consume("signin-account-ip", pair(email, ip));
  try {
    await consume("signin-account", email);
  } catch (e) {
    await refund("signin-account-ip", pair(email, ip));
    throw e;
  }
}

/** A wrong password throws VALIDATION_FAILED with `wrong` as its message. */
export async function checkPassword(
  email: string,
  passwordHash: string,
  password: string,
  headers: Headers,
  wrong: string,
): Promise<void> {
  const ip = clientIp(headers);
  await reservePasswordAttempt(email, ip);
  if (!(await bcrypt.compare(password, passwordHash)))
    throw new AppError("VALIDATION_FAILED", wrong, {
      details: [{ code: "WRONG_PASSWORD", path: "password", message: "Wrong password" }],
    });
  await recordPasswordSuccess(email, ip);
}

/** Only refunds the account ceiling: a success does not end a spread-out attack. */
export async function recordPasswordSuccess(email: string, ip: string): Promise<void> {
  await resetLimit("signin-account-ip", pair(email, ip));
  await refund("signin-account", email);
}
