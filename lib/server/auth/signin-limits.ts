import "server-only";
import { consume, refund, resetLimit } from "../rate-limit";

// Password guessing limits, shared by sign-in, the confirmation page and password re-entry.
// Failures count per (account, client address): someone who keeps failing from their address
// locks only that pair, so they cannot keep the owner (an admin) out from elsewhere. A higher
// per-account ceiling stops guessing spread over many addresses. An attempt takes its point
// before the password is checked (one atomic step in Redis), so a parallel burst cannot all pass
// a check made before any of its failures were counted; a success gives the point back.

const pair = (email: string, ip: string) => `${email}|${ip}`;

/** Reserves one attempt; throws AppError RATE_LIMITED when this address, or everyone, may not try this account now. */
export async function reservePasswordAttempt(email: string, ip: string): Promise<void> {
  await consume("signin-account-ip", pair(email, ip));
  try {
    await consume("signin-account", email);
  } catch (e) {
    await refund("signin-account-ip", pair(email, ip));
    throw e;
  }
}

/** The pair starts afresh; the account's ceiling gets this attempt's point back (a success does not end a spread-out attack). */
export async function recordPasswordSuccess(email: string, ip: string): Promise<void> {
  await resetLimit("signin-account-ip", pair(email, ip));
  await refund("signin-account", email);
}
