import "server-only";
import { assertNotLimited, consume, resetLimit } from "../rate-limit";

// Password guessing limits, shared by sign-in and the confirmation page (both check a password).
// Failures count per (account, client address): someone who keeps failing from their address
// locks only that pair, so they cannot keep the owner (an admin) out from elsewhere. A higher
// per-account ceiling stops guessing spread over many addresses. Both are checked before the
// password is, so a locked pair gets no answer about it.

const pair = (email: string, ip: string) => `${email}|${ip}`;

/** Throws AppError RATE_LIMITED when this address, or everyone, may not try this account now. */
export async function assertMayTryPassword(email: string, ip: string): Promise<void> {
  await assertNotLimited("signin-account-ip", pair(email, ip));
  await assertNotLimited("signin-account", email);
}

export async function recordPasswordFailure(email: string, ip: string): Promise<void> {
  await consume("signin-account-ip", pair(email, ip)).catch(() => undefined);
  await consume("signin-account", email).catch(() => undefined);
}

/** The pair starts afresh; the account's ceiling keeps counting (a success does not end a spread-out attack). */
export async function recordPasswordSuccess(email: string, ip: string): Promise<void> {
  await resetLimit("signin-account-ip", pair(email, ip));
}
