import "server-only";
import { consume, refund, resetLimit } from "../rate-limit";

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

/** Only refunds the account ceiling: a success does not end a spread-out attack. */
export async function recordPasswordSuccess(email: string, ip: string): Promise<void> {
  await resetLimit("signin-account-ip", pair(email, ip));
  await refund("signin-account", email);
}
